"""Bridge scoring plug-ins (bridge.md §5-§11, §14): the systems registered under ``trickcore.scorings``."""
from trickcore.scoring.base import ScoringSystem
from trickcore.scoring.bridge.settings import PRESETS

_PRESETS = tuple(PRESETS)

DUPLICATE = ScoringSystem("bridge-duplicate", "bridge", "Duplicate contract score, Law 77 (bridge.md §5)",
                          _PRESETS)
RUBBER = ScoringSystem("bridge-rubber", "bridge", "Rubber bridge score sheet with honours and rubber bonus (§6)",
                       _PRESETS)
CHICAGO = ScoringSystem("bridge-chicago", "bridge", "Chicago, four-deal bridge (§7)", _PRESETS)
IMPS = ScoringSystem("bridge-imps", "bridge", "International match points, Law 78B (§8)", _PRESETS)
MATCHPOINTS = ScoringSystem("bridge-matchpoints", "bridge",
                            "Matchpoints on a board with Neuberg and adjusted scores (§9)", _PRESETS)
VP = ScoringSystem("bridge-vp", "bridge", "WBF 2013 continuous 20-VP scale (§11.3)", _PRESETS)
RUSSIAN = ScoringSystem("bridge-russian", "bridge", "Russian scoring: IMPs against an HCP target (§14)", _PRESETS)
