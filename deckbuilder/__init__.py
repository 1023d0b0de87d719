"""Imajica Deck Builder: deck logic, rules engine, services, CLI and the Qt GUI."""

__version__ = "0.1.0"
