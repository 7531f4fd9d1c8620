"""Bridge's variants: one, the standard game (bridge.md §1-§4). No setting of today's bridge changes the play: the
board number fixes dealer and vulnerability, the auction fixes the trump, and every seat must follow suit."""
import attrs

from trickcore.errors import InputError


@attrs.frozen
class BridgeVariant:
    """The settings of a bridge variant that change play: a name, and whether a void player must trump."""

    name: str
    must_trump: bool = False


STANDARD = BridgeVariant("standard")
VARIANTS = {STANDARD.name: STANDARD}


def variant(name=None):
    """The variant called ``name`` (any case; None = standard); InputError naming the known ones."""
    if name is None or isinstance(name, BridgeVariant):
        return name or STANDARD
    found = VARIANTS.get(str(name).strip().lower())
    if found is None:
        raise InputError(f"unknown bridge variant {name!r} (known: {', '.join(VARIANTS)})", field="variant")
    return found
