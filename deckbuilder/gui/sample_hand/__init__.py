"""The sample hand screen: deal, reshuffle once under "Game Setup", draw, with exact odds."""
