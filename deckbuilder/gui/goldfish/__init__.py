"""The goldfish board: one game step by step, and statistics over many games."""
