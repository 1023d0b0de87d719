"""The table and its zones ("Game Layout"): the Circle, each Autarch's Realm, hand,
Destiny, In Ovo; the Destiny drawn lazily; the seeds.

Imports nothing from :mod:`..controllers` or :mod:`..simulation`.
"""
