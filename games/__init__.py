"""Game plug-ins: one subpackage per game family, found through the entry-point group ``trickcore.games``."""
