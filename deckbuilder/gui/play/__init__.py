"""The Play screen: a game against a computer Autarch."""
