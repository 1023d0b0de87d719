"""Services: the user's database seen by the CLI and the GUI (no Qt here)."""
