"""The shelf: games other than Imajica as their rulebooks describe them (pure Python).

``inventory`` checks a copy of a game against its parts list; ``mystic_war`` deals
Mystic War's set-up and computes exact odds on its Action deck. Game definitions come
from :mod:`card_db.games`.
"""
