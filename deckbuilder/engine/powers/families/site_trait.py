"""Family: a Site's seizing traits ("Vassals are magic +1 when seizing") and powers
("Draw a card", "Move target Ally from your reserve to your active area").

Sources: rulebook "Sites", "Seizing Sites and Contests"; the full engine:
:mod:`..site_traits`."""

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.families._words import signed
from deckbuilder.engine.powers.registry import PowerFamily
from deckbuilder.engine.powers.site_traits import seizing_traits, site_power


def read(sentence: str, abilities: tuple = ()) -> str | None:
    traits = seizing_traits(CardRecord("", CardType.SITE, traits=sentence))
    if traits:
        return "; ".join(f"{kind or 'any'} Allies are {stat.title()} {signed(n)} when seizing it"
                         for kind, stat, n in traits)
    power = site_power(CardRecord("", CardType.SITE, powers=sentence))
    if power is not None:
        what, n = power
        return f"Site power: {what}{f' {n}' if n else ''}"
    return None


FAMILY = PowerFamily(
    name="site_trait",
    title="Site traits and powers",
    section="Sites; Seizing Sites and Contests",
    grammar="<kind>s seizing this Site are (magic|strength) +N | Draw N cards | "
            "Look at the top N cards of your Destiny",
    example="Oethacs seizing this Site are magic +1",
    applied_by="engine.site_traits",
    read=read,
    card_types=(CardType.SITE,),
    example_type=CardType.SITE,
    order=70,
)
