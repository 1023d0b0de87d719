"""The order of the arrays handed to the compiled core (``_fastcore.Core``).

:data:`BASE_ARRAYS` are the deck's and the policy's own tables, in the order
``_fastcore.c`` reads them; the per-card codes of the goldfish power families follow,
in the registry's order (:func:`~deckbuilder.engine.powers.registry.goldfish_families`),
at the slots ``_powers.h`` names (:mod:`.gen_header`).
"""

BASE_ARRAYS = (
    "ctype", "ukey", "dmask", "kind", "res", "magic", "prime", "maestro", "profile",
    "can_alone", "max_infl", "af_start", "af_amount", "af_cond", "bonus", "alone",
    "circle0", "pool0", "playable", "mbase", "mper", "mhasper", "cut", "mvs",
)
