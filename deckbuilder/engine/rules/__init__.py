"""The rules as pure functions, by rulebook section: setup, influence and securing, Paths,
contests and seizures, challenges, alliances, victory, the rules variants, the errors
the engine raises, the rulings where the rulebook contradicts itself, and the rules
revisions (:mod:`.revision`: which readings a saved game was played under).

Imports nothing from :mod:`..controllers` or :mod:`..simulation`
(``tests/test_architecture.py``).
"""
