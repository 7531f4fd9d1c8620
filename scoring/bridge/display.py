"""Display rounding of exact figures (rules/bridge.md §15.3): two decimals, halves away from zero; VPs always with
two."""
from fractions import Fraction


def round_half_away(value, places=2):
    """``value`` rounded to ``places`` decimals with halves away from zero, as an exact Fraction."""
    scaled = Fraction(value) * 10 ** places
    whole = (abs(scaled) * 2 + 1) // 2
    return Fraction(whole if scaled >= 0 else -whole, 10 ** places)


def format_figure(value, places=2):
    """Text of a figure: integers plain, anything else with ``places`` decimals, halves away from zero."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    rounded = round_half_away(value, places) * 10 ** places
    sign = "-" if rounded < 0 else ""
    digits = str(abs(rounded.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def format_vp(value):
    """A VP figure as shown: always two decimals (10.00 for a draw); the Fractions are exact 2-dp values."""
    return f"{float(value):.2f}"
