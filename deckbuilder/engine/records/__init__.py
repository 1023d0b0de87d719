"""Games as data: saved games (:mod:`.play_record`) and playing them back, resuming and
recording (:mod:`.replay`).
"""
