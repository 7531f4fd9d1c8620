"""Reading a preferans protocol (§11.2, rules/preferans-variants.md §1.13, §2.6) into validated deal records; every
error names deal and field.

Sections (§) are those of docs/rules/preferans.md."""
from fractions import Fraction

import attrs

from trickcore.errors import InvalidRecord, NotationError, SettingsError
from trickcore.games.preferans.record import PROTOCOL_FORMAT
from trickcore.games.preferans.vocab import Contract
from trickcore.scoring.preferans.settings import SCORED_VARIANTS, make_settings
from trickcore.scoring.preferans.values import NO_TRICK_VALUES

DEAL_TYPES = ("game", "misere", "uvert", "all_pass", "walkaway", "void")
DUMMY = "dummy"  # Gusarik's third hand (rules/preferans-variants.md §1.2): a seat, never a player
RAZBOINIK_GAMES = ("6", "7", "8", "9", "10", "misere")
_TOP_FIELDS = ("format", "variant", "players", "overlays", "settings", "start", "deals")
_START_FIELDS = ("pool", "mountain", "whists", "bombs", "all_pass_series", "all_pass_series_dealer",
                 "all_pass_credits", "count", "pot", "razboinik_played")
_DEAL_FIELDS = ("dealer", "type", "declarer", "contract", "calls", "dealer_call", "returned_by", "open", "tricks",
                "dummy_tricks", "dark", "bombs_awarded", "talon", "penalties")
_PENALTY_FIELDS = {
    "mountain": {"player": True, "points": True},
    "whists": {"writer": True, "on": True, "points": True},
    "peek": {"player": True},
    "revoke": {"player": True, "tricks": False, "to": False},
    "wrong_card_count": {"player": True},
    "undiscarded_talon": {"player": True},
}
_RANKS = {"7": 7, "8": 8, "9": 9, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def record_error(message, deal=None, field=None, cls=InvalidRecord):
    """An error located at a 1-based deal index (kept as ``error.deal``) and a field name."""
    error = cls((f"deal {deal}: " if deal is not None else "") + message, field=field)
    error.deal = deal
    return error


def to_fraction(value, field, deal=None):
    """An exact score quantity from a JSON integer or a ``"p/q"`` string."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise record_error(f"expected an integer or a 'p/q' string, not {value!r}", deal, field)
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise record_error(f"expected an integer or a 'p/q' string, not {value!r}", deal, field) from None


@attrs.frozen
class Penalty:
    """One irregularity entry of §8."""

    kind: str
    player: str | None = None
    points: Fraction | None = None
    writer: str | None = None
    on: str | None = None
    tricks: int = 1
    to: str | None = None


@attrs.frozen
class DealRecord:
    """One validated protocol deal; ``index`` is 1-based, ``tricks`` maps participants to tricks won."""

    index: int
    dealer: str
    type: str
    declarer: str | None = None
    contract: object = None
    form: str | None = None  # misere_small / misere_big / uvert_small / uvert_big (None: the modern misère)
    calls: dict = attrs.field(factory=dict)
    dealer_call: str | None = None
    returned_by: str | None = None
    open: bool | None = None
    tricks: dict | None = None
    dark: bool = False
    bombs_awarded: dict = attrs.field(factory=dict)
    talon: tuple | None = None
    penalties: tuple = ()


@attrs.frozen
class Table:
    """Seats of one game: the players clockwise and the settings; answers who is active and who defends.

    Gusarik's two players sit in the ring A → B → dummy (rules/preferans-variants.md §1.2): the dummy is an active hand
    but never a player, so it never writes or receives anything.
    """

    players: tuple
    settings: object

    @property
    def four(self):
        """True with a sitting-out dealer."""
        return len(self.players) == 4

    @property
    def gusarik(self):
        """True for Gusarik's two players and the dummy."""
        return len(self.players) == 2

    @property
    def ring(self):
        """Every seat clockwise: the players, then Gusarik's dummy."""
        return self.players + ((DUMMY,) if self.gusarik else ())

    def left_of(self, player):
        """The next seat clockwise."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def active(self, dealer):
        """hand1, hand2, hand3 (clockwise from the dealer's left, skipping a 4-player dealer)."""
        ring = self.ring
        order = [ring[(ring.index(dealer) + i) % len(ring)] for i in range(1, len(ring) + 1)]
        return tuple(p for p in order if not (self.four and p == dealer))

    def live(self, dealer):
        """The active hands that are players (all of them but Gusarik's dummy)."""
        return tuple(p for p in self.active(dealer) if p != DUMMY)

    def opponent(self, player):
        """Gusarik: the other live player."""
        return next(p for p in self.players if p != player)

    def defenders(self, dealer, declarer):
        """(D1, D2): the active players after the declarer in clockwise order."""
        hands = self.active(dealer)
        at = hands.index(declarer)
        return hands[(at + 1) % 3], hands[(at + 2) % 3]

    def all_pass_participants(self, dealer):
        """Players whose tricks an all-pass records (the 4-player dealer only in ``dealer_owns`` mode; never
        Gusarik's dummy, whose cards are out of play, rules/preferans-variants.md §1.10)."""
        hands = self.live(dealer)
        owns = (self.settings.all_pass_talon == "dealer_owns" and self.settings.all_pass_scoring == "mountain")
        return hands + (dealer,) if self.four and owns else hands


@attrs.frozen
class Protocol:
    """A validated protocol: variant, table, start state (raw, validated) and deal records."""

    variant: str
    table: Table
    start: dict
    deals: tuple
    overlays: tuple = ()


def _player(table, value, deal, field):
    if value not in table.players:
        raise record_error(f"unknown player {value!r}", deal, field)
    return value


def _card(text, deal):
    if not isinstance(text, str) or len(text) < 2 or text[:-1].upper() not in _RANKS or text[-1].upper() not in "SCDH":
        raise record_error(f"bad card {text!r} (rank 7..A, suit S C D H)", deal, "talon", NotationError)
    return _RANKS[text[:-1].upper()], text[-1].upper()


def _penalty(raw, table, deal):
    if not isinstance(raw, dict) or raw.get("kind") not in _PENALTY_FIELDS:
        raise record_error(f"unknown penalty {raw!r} (kinds: {', '.join(_PENALTY_FIELDS)})", deal, "penalties")
    spec = _PENALTY_FIELDS[raw["kind"]]
    for key in raw:
        if key != "kind" and key not in spec:
            raise record_error(f"unknown field {key!r} in a {raw['kind']} penalty", deal, "penalties")
    for key, required in spec.items():
        if required and key not in raw:
            raise record_error(f"a {raw['kind']} penalty needs {key!r}", deal, "penalties")
    values = {"kind": raw["kind"]}
    for key in ("player", "writer", "on", "to"):
        if key in raw:
            values[key] = _player(table, raw[key], deal, "penalties")
    if "points" in raw:
        values["points"] = to_fraction(raw["points"], "penalties", deal)
    if "tricks" in raw:
        if isinstance(raw["tricks"], bool) or not isinstance(raw["tricks"], int) or not 1 <= raw["tricks"] <= 10:
            raise record_error("revoke tricks must be an integer 1..10", deal, "penalties")
        values["tricks"] = raw["tricks"]
    return Penalty(**values)


def _calls(raw, table, d1, d2, contract, deal):
    """The defence (§5.2): validated calls, returned_by and dealer_call."""
    settings = table.settings
    calls = raw.get("calls", {})
    if not isinstance(calls, dict):
        raise record_error("calls must be an object {defender: call}", deal, "calls")
    for who, call in calls.items():
        if who not in (d1, d2):
            raise record_error(f"{who!r} is not a defender (defenders: {d1}, {d2})", deal, "calls")
        if call not in ("whist", "pass", "half_whist"):
            raise record_error(f"unknown call {call!r} (whist, pass, half_whist)", deal, "calls")
    c1, c2 = calls.get(d1, "pass"), calls.get(d2, "pass")
    if "half_whist" in (c1, c2):
        if not settings.half_whist:
            raise record_error("half_whist is off in these settings", deal, "calls")
        if contract.level not in (6, 7):
            raise record_error(f"half_whist is only allowed on 6 and 7, not {contract}", deal, "calls")
        if c1 == "half_whist" and c2 == "half_whist":
            raise record_error("both defenders cannot half-whist", deal, "calls")
        if c2 == "half_whist" and c1 != "pass":
            raise record_error("D2 may half-whist only after D1 passed", deal, "calls")
        if c1 == "half_whist" and (c2 != "pass" or not settings.gentleman_half_whist_switch):
            raise record_error("D1 may half-whist only through the gentleman switch (D1 whist, D2 pass)",
                               deal, "calls")
    if settings.mandatory_whist_6s and str(contract) == "6S" and (c1, c2) != ("whist", "whist"):
        raise record_error("6S must be whisted by both defenders (mandatory_whist_6s)", deal, "calls")
    returned_by = raw.get("returned_by")
    if returned_by is not None:
        _player(table, returned_by, deal, "returned_by")
        if "half_whist" not in (c1, c2):
            raise record_error("returned_by without a half-whist", deal, "returned_by")
        passer = d2 if c1 == "half_whist" else d1
        dealer_ok = table.four and settings.dealer_may_whist and returned_by == raw["dealer"]
        if returned_by != passer and not dealer_ok:
            raise record_error(f"{returned_by!r} cannot return the whist (the passing defender {passer!r}"
                               + (" or the dealer" if table.four else "") + " can)", deal, "returned_by")
    dealer_call = raw.get("dealer_call")
    if dealer_call is not None:
        if dealer_call not in ("whist", "pass"):
            raise record_error(f"unknown dealer_call {dealer_call!r} (whist, pass)", deal, "dealer_call")
        if not table.four:
            raise record_error("dealer_call needs 4 players", deal, "dealer_call")
        if not settings.dealer_may_whist:
            raise record_error("dealer_may_whist is off in these settings", deal, "dealer_call")
        if (c1, c2) != ("pass", "pass"):
            raise record_error("the dealer may whist only after both defenders passed", deal, "dealer_call")
    return {who: call for who, call in ((d1, c1), (d2, c2))}, returned_by, dealer_call


def _gusarik_calls(raw, table, declarer, contract, deal):
    """Gusarik's defence (rules/preferans-variants.md §1.6): only the opponent calls, whist or pass."""
    opponent = table.opponent(declarer)
    calls = raw.get("calls", {})
    if not isinstance(calls, dict):
        raise record_error("calls must be an object {opponent: call}", deal, "calls")
    for who, call in calls.items():
        if who != opponent:
            raise record_error(f"only the opponent {opponent!r} calls against the declarer", deal, "calls")
        if call not in ("whist", "pass"):
            raise record_error(f"unknown call {call!r} (whist, pass)", deal, "calls")
    call = calls.get(opponent, "pass")
    if table.settings.mandatory_whist_6s and str(contract) == "6S" and call != "whist":
        raise record_error("6S must be whisted (mandatory_whist_6s)", deal, "calls")
    return {opponent: call}


def _tricks(raw, participants, deal, total=10):
    tricks = raw.get("tricks")
    if not isinstance(tricks, dict):
        raise record_error("tricks missing (an object {player: tricks})", deal, "tricks")
    for who, count in tricks.items():
        if who not in participants:
            raise record_error(f"{who!r} took no part in the play (participants: {', '.join(participants)})",
                               deal, "tricks")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise record_error(f"tricks of {who!r} must be a non-negative integer, not {count!r}", deal, "tricks")
    missing = [p for p in participants if p not in tricks]
    if missing:
        raise record_error(f"tricks missing for {', '.join(missing)}", deal, "tricks")
    if sum(tricks.values()) != total:
        raise record_error(f"tricks sum to {sum(tricks.values())}, not {total}"
                           + (" (10 less the dummy's tricks)" if total != 10 else ""), deal, "tricks")
    return {p: tricks[p] for p in participants}


def _dummy_tricks(raw, deal):
    """Gusarik's ``dummy_tricks``: an integer 0..10."""
    value = raw.get("dummy_tricks")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
        raise record_error(f"dummy_tricks must be an integer 0..10, not {value!r}", deal, "dummy_tricks")
    return value


def _no_trick_form(raw, kind, settings, deal):
    """The contract of a misère or uvert deal: None for the modern misère, else a form of
    rules/preferans-variants.md §2.3, §2.4 that the settings allow."""
    contract = raw.get("contract", "misere" if kind == "misere" else None)
    if kind == "uvert" and not settings.uvert:
        raise record_error("uverts are off in these settings (uvert)", deal, "type")
    if kind == "misere" and settings.misere_mode != "big_small":
        if contract != "misere":
            raise record_error("a misere deal has contract 'misere'", deal, "contract")
        return None
    forms = [form for form in NO_TRICK_VALUES if form.startswith(kind)]
    if contract not in forms:
        raise record_error(f"a {kind} deal here has contract {' or '.join(forms)}, not {contract!r}", deal,
                           "contract")
    return contract


def _check_fields(raw, deal):
    """A deal is an object of the known fields."""
    if not isinstance(raw, dict):
        raise record_error("a deal must be an object", deal, "deals")
    for key in raw:
        if key not in _DEAL_FIELDS:
            raise record_error(f"unknown field {key!r}", deal, key)


def _deal_type(raw, settings, deal):
    """The deal's ``type``: one of DEAL_TYPES, a walkaway only where the settings allow it."""
    kind = raw.get("type")
    if kind not in DEAL_TYPES:
        raise record_error(f"unknown deal type {kind!r} ({', '.join(DEAL_TYPES)})", deal, "type")
    if kind == "walkaway" and not settings.allow_walkaway:
        raise record_error("walkaway is off in these settings (allow_walkaway)", deal, "type")
    return kind


def _check_flags(raw, deal):
    """``open`` and ``dark`` are true or false."""
    for flag in ("open", "dark"):
        if flag in raw and not isinstance(raw[flag], bool):
            raise record_error(f"{flag} must be true or false", deal, flag)


def _check_gusarik_fields(raw, table, deal):
    """Gusarik's deals have no dealer call, returned whist or dealer's talon (two players and a dummy)."""
    if table.gusarik:
        for key in ("dealer_call", "returned_by", "talon"):
            if key in raw:
                raise record_error(f"Gusarik has no {key}", deal, key)


def _declarer(raw, kind, table, dealer, deal):
    """The declarer of a game, misère, uvert or walkaway (an active hand); None for the deals without one."""
    if kind in ("game", "misere", "uvert", "walkaway"):
        declarer = _player(table, raw.get("declarer"), deal, "declarer")
        if declarer not in table.active(dealer):
            raise record_error(f"declarer {declarer!r} is the sitting-out dealer", deal, "declarer")
        return declarer
    if "declarer" in raw:
        raise record_error(f"a {kind} deal has no declarer", deal, "declarer")
    return None


def _contract(raw, kind, settings, deal):
    """(contract, form): a game's contract (never misère), the misère contract and the form of a misère or uvert
    deal; an all-pass or void deal has none."""
    if kind in ("game", "walkaway"):
        try:
            contract = Contract.parse(raw.get("contract"))
        except NotationError as exc:
            raise record_error(exc.message, deal, "contract") from None
        if contract.is_misere:
            raise record_error("misere is a deal type, not a game contract", deal, "contract")
        return contract, None
    if kind in ("misere", "uvert"):
        form = _no_trick_form(raw, kind, settings, deal)
        return Contract.parse("misere"), form
    if kind in ("all_pass", "void") and "contract" in raw:
        raise record_error(f"a {kind} deal has no contract", deal, "contract")
    return None, None


def _defence(raw, kind, checked, table, dealer, declarer, contract, deal):
    """(calls, returned_by, dealer_call) of a game that is not a checked ten; no other deal has them."""
    if kind == "game" and not checked and table.gusarik:
        return _gusarik_calls(raw, table, declarer, contract, deal), None, None
    if kind == "game" and not checked:
        d1, d2 = table.defenders(dealer, declarer)
        return _calls(raw, table, d1, d2, contract, deal)
    for key in ("calls", "returned_by", "dealer_call"):
        if key in raw:
            raise record_error(f"no {key} on a {'checked ten' if checked else kind} deal", deal, key)
    return {}, None, None


def _played(raw, kind, defence, checked):
    """Whether the deal was played out, so that it carries tricks."""
    # An undiscarded talon voids the deal (§8): nothing but the penalty is scored, so its tricks may be left out.
    penalties = raw.get("penalties")
    voided = any(isinstance(p, dict) and p.get("kind") == "undiscarded_talon"
                 for p in (penalties if isinstance(penalties, list) else ()))
    if voided and "tricks" not in raw:
        return False
    if kind in ("misere", "uvert", "all_pass"):
        return True
    if kind != "game":
        return False
    calls, returned_by, dealer_call = defence
    if checked:
        return True
    if "half_whist" in calls.values():
        return returned_by is not None
    return "whist" in calls.values() or dealer_call == "whist"


def _deal_tricks(raw, kind, played, table, dealer, deal):
    """The tricks of a played deal: the active hands', an all-pass's participants', or Gusarik's two players' and
    the dummy's; None when the deal was not played."""
    if table.gusarik and kind != "all_pass" and played:
        # The dummy's tricks count for the opponent's defence (rules/preferans-variants.md D3): kept under the dummy's
        # seat.
        dummy = _dummy_tricks(raw, deal)
        tricks = {**_tricks(raw, table.players, deal, 10 - dummy), DUMMY: dummy}
    elif played:
        participants = table.all_pass_participants(dealer) if kind == "all_pass" else table.active(dealer)
        tricks = _tricks(raw, participants, deal)
    elif "tricks" in raw:
        raise record_error("tricks given for a deal that was not played", deal, "tricks")
    else:
        tricks = None
    if "dummy_tricks" in raw and "dummy" not in (tricks or {}):
        raise record_error("dummy_tricks belong to a played Gusarik game or misere deal", deal, "dummy_tricks")
    return tricks


def _dark(raw, kind, settings, deal):
    """Whether the deal was a dark game, where the settings have them and the deal is played."""
    if not raw.get("dark"):
        return False
    if not settings.dark_games:
        raise record_error("dark games are off in these settings (dark_games)", deal, "dark")
    if kind not in ("game", "misere", "uvert", "all_pass"):
        raise record_error(f"a {kind} deal cannot be dark", deal, "dark")
    return True


def _bombs_awarded(raw, table, deal):
    """The bombs awarded on the deal, {player: 2, 4 or 8}, where the settings have bombs."""
    if "bombs_awarded" not in raw:
        return {}
    if not table.settings.bombs:
        raise record_error("bombs are off in these settings (bombs)", deal, "bombs_awarded")
    awarded = raw["bombs_awarded"]
    if not isinstance(awarded, dict):
        raise record_error("bombs_awarded must be an object {player: 2|4|8}", deal, "bombs_awarded")
    for who, bomb in awarded.items():
        _player(table, who, deal, "bombs_awarded")
        if bomb not in (2, 4, 8) or isinstance(bomb, bool):
            raise record_error(f"a bomb is 2, 4 or 8, not {bomb!r}", deal, "bombs_awarded")
    return dict(awarded)


def _talon(raw, settings, deal):
    """The talon's two cards, given for the dealer talon bonus only."""
    if "talon" not in raw:
        return None
    if not settings.dealer_talon_bonus:
        raise record_error("the dealer talon bonus is off in these settings", deal, "talon")
    talon = raw["talon"]
    if not isinstance(talon, list) or len(talon) != 2:
        raise record_error("talon must be a list of two cards", deal, "talon")
    return tuple(_card(card, deal) for card in talon)


def _penalties(raw, table, deal):
    """The deal's irregularities (§8)."""
    penalties = raw.get("penalties", [])
    if not isinstance(penalties, list):
        raise record_error("penalties must be a list", deal, "penalties")
    return tuple(_penalty(item, table, deal) for item in penalties)


def parse_deal(raw, index, table):
    """Validate one protocol deal (§11.2) against the table; raises InvalidRecord naming ``index`` and field."""
    settings = table.settings
    _check_fields(raw, index)
    dealer = _player(table, raw.get("dealer"), index, "dealer")
    kind = _deal_type(raw, settings, index)
    _check_flags(raw, index)
    _check_gusarik_fields(raw, table, index)
    declarer = _declarer(raw, kind, table, dealer, index)
    contract, form = _contract(raw, kind, settings, index)
    checked = kind == "game" and contract.level == 10 and settings.ten_trick_mode == "checked"
    defence = _defence(raw, kind, checked, table, dealer, declarer, contract, index)
    calls, returned_by, dealer_call = defence
    tricks = _deal_tricks(raw, kind, _played(raw, kind, defence, checked), table, dealer, index)
    dark = _dark(raw, kind, settings, index)
    bombs_awarded = _bombs_awarded(raw, table, index)
    talon = _talon(raw, settings, index)
    penalties = _penalties(raw, table, index)
    return DealRecord(index=index, dealer=dealer, type=kind, declarer=declarer, contract=contract, form=form,
                      calls=calls, dealer_call=dealer_call, returned_by=returned_by, open=raw.get("open"),
                      tricks=tricks, dark=dark, bombs_awarded=bombs_awarded, talon=talon, penalties=penalties)


def _start(raw, table):
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise record_error("start must be an object", None, "start")
    for key in raw:
        if key not in _START_FIELDS:
            raise record_error(f"unknown field {key!r} in start", None, "start")
    out = {}
    countdown = table.settings.pool_mode == "countdown"
    for column, allowed in (("count", countdown), ("pot", countdown and table.settings.countdown_remises == "pot")):
        if column in raw and not allowed:
            raise record_error(f"start.{column} needs pool_mode countdown"
                               + (" with countdown_remises pot" if column == "pot" else ""), None, "start")
    if "razboinik_played" in raw and table.settings.gusarik_stage != "razboinik":
        raise record_error("start.razboinik_played needs Gusarik's razboinik stage", None, "start")
    for column in ("pool", "mountain", "all_pass_credits", "count", "pot"):
        values = raw.get(column, {})
        if not isinstance(values, dict):
            raise record_error(f"start.{column} must be an object", None, "start")
        out[column] = {_player(table, p, None, "start"): to_fraction(v, "start") for p, v in values.items()}
    whists = raw.get("whists", {})
    if not isinstance(whists, dict) or not all(isinstance(row, dict) for row in whists.values()):
        raise record_error("start.whists must be an object of objects", None, "start")
    out["whists"] = {(_player(table, a, None, "start"), _player(table, b, None, "start")): to_fraction(v, "start")
                     for a, row in whists.items() for b, v in row.items()}
    if any(a == b for a, b in out["whists"]):
        raise record_error("a player cannot write whists on himself", None, "start")
    bombs = raw.get("bombs", {})
    if bombs and not table.settings.bombs:
        raise record_error("bombs are off in these settings (bombs)", None, "start")
    if not isinstance(bombs, dict) or not all(isinstance(q, list) and all(b in (2, 4, 8) for b in q)
                                               for q in bombs.values()):
        raise record_error("start.bombs must map players to lists of 2, 4 or 8", None, "start")
    out["bombs"] = {_player(table, p, None, "start"): tuple(q) for p, q in bombs.items()}
    series = raw.get("all_pass_series", 0)
    if isinstance(series, bool) or not isinstance(series, int) or series < 0:
        raise record_error("start.all_pass_series must be an integer >= 0", None, "start")
    out["all_pass_series"] = series
    dealer = raw.get("all_pass_series_dealer")
    out["all_pass_series_dealer"] = None if dealer is None else _player(table, dealer, None, "start")
    played = raw.get("razboinik_played", {})
    if not isinstance(played, dict) or not all(isinstance(games, list) and set(games) <= set(RAZBOINIK_GAMES)
                                                and len(set(games)) == len(games) for games in played.values()):
        raise record_error(f"start.razboinik_played must map players to lists of distinct games "
                           f"({', '.join(RAZBOINIK_GAMES)})", None, "start")
    out["razboinik_played"] = {_player(table, p, None, "start"): tuple(games) for p, games in played.items()}
    return out


def read_header(protocol, variant, fields):
    """The checked top of a protocol: its ``fields`` only, the format, and the variant chosen by ``variant`` (a
    command's choice) or the protocol; returns the variant name."""
    if not isinstance(protocol, dict):
        raise record_error("a protocol must be a JSON object", None, "format")
    for key in protocol:
        if key not in fields:
            raise record_error(f"unknown field {key!r}", None, key)
    if protocol.get("format") != PROTOCOL_FORMAT:
        raise record_error(f"format must be {PROTOCOL_FORMAT!r}, not {protocol.get('format')!r}", None, "format")
    named = protocol.get("variant")
    if variant is not None and named is not None and variant != named:
        raise record_error(f"variant {variant!r} conflicts with the protocol's variant {named!r}", None,
                           "variant", SettingsError)
    chosen = variant or named
    if chosen not in SCORED_VARIANTS:
        raise record_error(f"unknown variant {chosen!r} (known: {', '.join(SCORED_VARIANTS)})", None, "variant",
                           SettingsError)
    return chosen


def read_players(protocol, counts):
    """The protocol's ``players``: a list of ``counts`` (a tuple of sizes) distinct names, none of them the
    reserved seat name of Gusarik's dummy."""
    players = protocol.get("players")
    sizes = " or ".join(map(str, counts))
    if (not isinstance(players, list) or len(players) not in counts
            or not all(isinstance(p, str) and p for p in players) or len(set(players)) != len(players)):
        raise record_error(f"players must be a list of {sizes} distinct names", None, "players")
    if DUMMY in players:
        raise record_error(f"{DUMMY!r} is the dummy's seat, not a player id", None, "players")
    return tuple(players)


def parse_protocol(protocol, variant=None, overrides=None):
    """Validate the static parts of a protocol (§11.2; Gusarik and the overlays of rules/preferans-variants.md §1.13,
    §2.6) and return a :class:`Protocol` (the old game has its own, ``scoring.preferans.old``)."""
    chosen = read_header(protocol, variant, _TOP_FIELDS)
    if chosen == "old":
        raise record_error("the old game is scored by its remise ledger (scoring.preferans.old)", None, "variant",
                           SettingsError)
    players = list(read_players(protocol, (2,) if chosen == "gusarik" else (3, 4)))
    own = protocol.get("settings", {})
    if not isinstance(own, dict):
        raise record_error("settings must be an object", None, "settings", SettingsError)
    explicit = {**own, **(overrides or {})}
    try:
        settings = make_settings(chosen, explicit, protocol.get("overlays", ()))
    except SettingsError as exc:
        exc.deal = None
        raise
    if "num_players" in explicit and settings.num_players != len(players):
        raise record_error(f"num_players {settings.num_players} disagrees with {len(players)} players", None,
                           "num_players", SettingsError)
    settings = settings if settings.num_players == len(players) else attrs.evolve(settings, num_players=len(players))
    if settings.rounding == "code" and len(players) != 3:
        raise record_error("rounding 'code' is defined for 3 players only", None, "rounding", SettingsError)
    overlays = tuple(protocol.get("overlays", ()))
    table = Table(tuple(players), settings)
    start = _start(protocol.get("start"), table)
    deals = protocol.get("deals", [])
    if not isinstance(deals, list):
        raise record_error("deals must be a list", None, "deals")
    records = tuple(parse_deal(raw, i, table) for i, raw in enumerate(deals, start=1))
    return Protocol(chosen, table, start, records, overlays)
