"""The condition language of constrained dealing: read a condition on the hands of a deal, evaluate it in plain
Python, and compile it to the program the kernel's batch dealer runs without the interpreter.

In the spirit of the classic dealer programs::

    hcp(north) >= 15 and hcp(north) <= 17 and shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)
    spades(south) >= 5 and losers(south) <= 7 or controls(west, hearts) >= 2 and not hascard(east, SA)

Values: whole numbers (the arithmetic must stay within 2**62); ``+ - *``; comparisons ``< <= > >= == !=`` give 1
or 0; ``and``/``or``/``not`` (also ``&& || !``) take any non-zero value as true. Features of a hand (a seat's
name, or ``talon``):
``hcp(h[, suit])`` (A=4 K=3 Q=2 J=1), ``controls(h[, suit])`` (A=2 K=1), ``losers(h[, suit])`` (the losing-trick
count: in each suit the first min(length, 3) cards less the ace, king and queen held among that many top
ranks), ``spades(h)`` ``hearts(h)`` ``diamonds(h)`` ``clubs(h)`` and ``length(h, suit)``, ``hascard(h, CARD)``,
and ``shape(h, SHAPES)``, where SHAPES joins shape terms with ``+`` (or) and ``-`` (but not): ``4333`` or
``4-3-3-3`` (spades, hearts, diamonds, clubs; ``x`` for any length), ``any 4432`` (in any suit order), ``5+M``
(at least 5 cards in a major; ``m`` a minor; ``S H D C`` that suit).
"""
import array
import functools
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from trickcore.cards import Suit, parse_card, parse_suit
from trickcore.errors import InputError, NotationError

# Opcodes of the kernel's condition program (trickcore/_kernel_where.pxi): triples (opcode, a, b).
OPCODES = {name: code for code, name in enumerate(
    ("const", "hcp", "controls", "losers", "length", "hascard", "shape", "+", "-", "*", "neg",
     "<", "<=", ">", ">=", "==", "!=", "and", "or", "not"))}
STACK_SIZE = 64
SHAPE_TABLE = 14 ** 4          # one byte per (spades, hearts, diamonds, clubs) length combination
FEATURES = ("hcp", "controls", "losers", "length", "hascard", "shape")
SUIT_FUNCTIONS = {"spades": Suit.S, "hearts": Suit.H, "diamonds": Suit.D, "clubs": Suit.C}
SUIT_WORDS = {**SUIT_FUNCTIONS, "spade": Suit.S, "heart": Suit.H, "diamond": Suit.D, "club": Suit.C}
_WORDS = {"and": "and", "&&": "and", "or": "or", "||": "or", "not": "not", "!": "not"}
_TOKEN = re.compile(r"\s*(?:(?P<number>\d+)|(?P<name>[A-Za-z_♠♥♦♣][A-Za-z0-9_♠♥♦♣]*)"
                    r"|(?P<op><=|>=|==|!=|&&|\|\||[-+*<>!(),]))")
_SHAPE_TERM = re.compile(r"\s*(?:(?P<any>any\s+)?(?P<pattern>[0-9xX](?:-?[0-9xX]){3})(?![0-9xX])"
                         r"|(?P<least>\d{1,2})\+(?P<suits>[SHDCMm])\b)\s*")
_SHAPE_GROUPS = {"S": (Suit.S,), "H": (Suit.H,), "D": (Suit.D,), "C": (Suit.C,), "M": (Suit.S, Suit.H),
                 "m": (Suit.D, Suit.C)}


@attrs.frozen
class Feature:
    """A number read off one hand: ``kind`` in FEATURES, ``owner`` the hand's index, ``arg`` a suit (or None
    for the whole hand), a card index (hascard), or the set of shapes (shape)."""

    kind: str
    owner: int
    arg: Any = None


@attrs.frozen
class Const:
    """A whole number written in the condition."""

    value: int


@attrs.frozen
class Apply:
    """An operator applied to one or two operands."""

    op: str
    operands: "tuple[Node, ...]"


# A condition's tree.
Node = Feature | Const | Apply

# The lengths of a hand's suits: spades, hearts, diamonds, clubs.
Shape = tuple[int, ...]


@attrs.frozen
class Condition:
    """A compiled condition: its text, its tree, and the kernel program (triples) with its shape tables."""

    text: str
    tree: Node
    program: "array.array[int]" = attrs.field(eq=False, repr=False)
    shapes: "array.array[int]" = attrs.field(eq=False, repr=False)

    def holds(self, masks: Sequence[int]) -> bool:
        """Whether the hands (one bit mask per owner, seats then talon) satisfy the condition, in plain Python:
        the oracle the kernel's evaluation is tested against."""
        return evaluate(self.tree, masks) != 0


def _lengths(mask: int) -> Shape:
    return tuple(bin(mask & Suit(s).mask).count("1") for s in range(4))


def _suit_cards(mask: int, suit: int | None) -> int:
    return mask if suit is None else mask & Suit(suit).mask


def _ranks(mask: int, offset: int) -> int:
    return sum(1 for s in range(4) if mask >> (16 * s + offset) & 1)


def _losers(mask: int, suit: int | None) -> int:
    suits = range(4) if suit is None else (suit,)
    total = 0
    for s in suits:
        cards = mask & Suit(s).mask
        top = min(bin(cards).count("1"), 3)
        total += top - sum(1 for k in range(top) if cards >> (16 * s + 12 - k) & 1)
    return total


def _feature(node: Feature, masks: Sequence[int]) -> int:
    hand = masks[node.owner]
    if node.kind == "hascard":
        return hand >> node.arg & 1
    if node.kind == "shape":
        return int(_lengths(hand) in node.arg)
    if node.kind == "losers":
        return _losers(hand, node.arg)
    cards = _suit_cards(hand, node.arg)
    if node.kind == "length":
        return bin(cards).count("1")
    if node.kind == "controls":
        return 2 * _ranks(cards, 12) + _ranks(cards, 11)
    return 4 * _ranks(cards, 12) + 3 * _ranks(cards, 11) + 2 * _ranks(cards, 10) + _ranks(cards, 9)


_BINARY: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "<": lambda a, b: int(a < b), "<=": lambda a, b: int(a <= b), ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "and": lambda a, b: int(a != 0 and b != 0), "or": lambda a, b: int(a != 0 or b != 0)}


def evaluate(node: Node, masks: Sequence[int]) -> int:
    """The value of a condition tree on the hands ``masks`` (plain Python)."""
    if isinstance(node, Const):
        return node.value
    if isinstance(node, Feature):
        return _feature(node, masks)
    values = [evaluate(operand, masks) for operand in node.operands]
    if node.op == "neg":
        return -values[0]
    if node.op == "not":
        return int(values[0] == 0)
    return _BINARY[node.op](*values)


class _Reader:
    """Recursive-descent reader of one condition text."""

    def __init__(self, text: str, owners: Mapping[str, int], sizes: Sequence[int]) -> None:
        self.text = text
        self.pos = 0
        self.owners = owners
        self.sizes = sizes

    def error(self, message: str) -> NotationError:
        return NotationError(f"{message} at character {self.pos + 1} of the condition {self.text!r}",
                             field="where")

    def peek(self) -> tuple[str | None, str, int]:
        """The next token's kind (None at the end), text and end, without taking it."""
        match = _TOKEN.match(self.text, self.pos)
        if match is None:
            if self.text[self.pos:].strip():
                raise self.error(f"cannot read {self.text[self.pos:].strip()[:10]!r}")
            return None, "", self.pos
        kind = match.lastgroup
        assert kind is not None   # every alternative of _TOKEN is a named group
        value = match.group(kind)
        if kind == "name" and value.lower() in _WORDS:
            kind, value = "op", _WORDS[value.lower()]
        elif kind == "op" and value in _WORDS:
            value = _WORDS[value]
        return kind, value, match.end()

    def take(self, expected: str | None = None) -> tuple[str, str]:
        kind, value, end = self.peek()
        if kind is None or (expected is not None and value != expected):
            found = "the end" if kind is None else repr(value)
            raise self.error(f"expected {expected!r}, found {found}" if expected else "unexpected end")
        self.pos = end
        return kind, value

    def at(self, *values: str) -> bool:
        kind, value, _ = self.peek()
        return kind == "op" and value in values

    def condition(self) -> Node:
        tree = self.disjunction()
        if self.peek()[0] is not None:
            raise self.error(f"unexpected {self.peek()[1]!r}")
        return tree

    def disjunction(self) -> Node:
        tree = self.conjunction()
        while self.at("or"):
            self.take()
            tree = Apply("or", (tree, self.conjunction()))
        return tree

    def conjunction(self) -> Node:
        tree = self.negation()
        while self.at("and"):
            self.take()
            tree = Apply("and", (tree, self.negation()))
        return tree

    def negation(self) -> Node:
        if self.at("not"):
            self.take()
            return Apply("not", (self.negation(),))
        return self.comparison()

    def comparison(self) -> Node:
        tree = self.sum()
        if self.at("<", "<=", ">", ">=", "==", "!="):
            _, op = self.take()
            tree = Apply(op, (tree, self.sum()))
        return tree

    def sum(self) -> Node:
        tree = self.product()
        while self.at("+", "-"):
            _, op = self.take()
            tree = Apply(op, (tree, self.product()))
        return tree

    def product(self) -> Node:
        tree = self.unary()
        while self.at("*"):
            self.take()
            tree = Apply("*", (tree, self.unary()))
        return tree

    def unary(self) -> Node:
        if self.at("-"):
            self.take()
            return Apply("neg", (self.unary(),))
        return self.atom()

    def atom(self) -> Node:
        kind, value = self.take()
        if kind == "number":
            if int(value) > 2**31 - 1:
                raise self.error(f"the number {value[:12]} is too large")
            return Const(int(value))
        if kind == "op" and value == "(":
            tree = self.disjunction()
            self.take(")")
            return tree
        if kind != "name":
            raise self.error(f"unexpected {value!r}")
        return self.call(value.lower())

    def owner(self) -> int:
        kind, value = self.take()
        if kind != "name" or value.lower() not in self.owners:
            raise self.error(f"{value!r} is not a hand (hands: {', '.join(self.owners)})")
        return self.owners[value.lower()]

    def suit(self) -> int:
        kind, value = self.take()
        if kind == "name" and value.lower() in SUIT_WORDS:
            return int(SUIT_WORDS[value.lower()])
        try:
            return int(parse_suit(value))
        except (NotationError, TypeError):
            raise self.error(f"{value!r} is not a suit") from None

    def call(self, name: str) -> Feature:
        if name in SUIT_FUNCTIONS:
            self.take("(")
            node = Feature("length", self.owner(), int(SUIT_FUNCTIONS[name]))
        elif name in ("hcp", "controls", "losers", "loser", "length"):
            self.take("(")
            owner = self.owner()
            suit = None
            if name == "length" or self.at(","):
                self.take(",")
                suit = self.suit()
            node = Feature("losers" if name == "loser" else name, owner, suit)
        elif name == "hascard":
            self.take("(")
            owner = self.owner()
            self.take(",")
            _, card = self.take()
            try:
                node = Feature("hascard", owner, parse_card(card).index)
            except NotationError:
                raise self.error(f"{card!r} is not a card") from None
        elif name == "shape":
            self.take("(")
            owner = self.owner()
            self.take(",")
            node = Feature("shape", owner, self.shapes(self.sizes[owner]))
        else:
            raise self.error(f"unknown function {name!r} (functions: hcp, controls, losers, spades, hearts, "
                             "diamonds, clubs, length, hascard, shape)")
        self.take(")")
        return node

    def shapes(self, size: int) -> frozenset[Shape]:
        """Read shape terms up to the closing parenthesis: the set of length tuples they allow."""
        allowed: set[Shape] = set()
        sign = "+"
        while True:
            match = _SHAPE_TERM.match(self.text, self.pos)
            if match is None:
                raise self.error("expected a shape such as 4333, any 4432, 5xxx or 5+M")
            self.pos = match.end()
            term = _shape_term(match, size, self.error)
            allowed = allowed | term if sign == "+" else allowed - term
            if self.text.startswith(")", self.pos):
                return frozenset(allowed)
            if self.text[self.pos:self.pos + 1] not in ("+", "-"):
                raise self.error("join shapes with + or -")
            sign = self.text[self.pos]
            self.pos += 1


@functools.lru_cache(maxsize=None)
def _all_shapes(size: int) -> frozenset[Shape]:
    return frozenset(s for s in itertools.product(range(min(size, 13) + 1), repeat=4) if sum(s) == size)


def _shape_term(match: "re.Match[str]", size: int, error: Callable[[str], NotationError]) -> set[Shape]:
    shapes = _all_shapes(size)
    if match.group("least"):
        least = int(match.group("least"))
        suits = _SHAPE_GROUPS[match.group("suits")]
        return {s for s in shapes if any(s[suit] >= least for suit in suits)}
    pattern = match.group("pattern").replace("-", "").lower()
    fixed = [int(c) for c in pattern if c != "x"]
    if sum(fixed) > size or ("x" not in pattern and sum(fixed) != size):
        raise error(f"the shape {match.group('pattern')} does not add up to a hand of {size} cards")
    orders = set(itertools.permutations(pattern)) if match.group("any") else {tuple(pattern)}
    return {s for s in shapes for order in orders
            if all(c == "x" or int(c) == n for c, n in zip(order, s))}


def _emit(node: Node, program: list[tuple[str, int, int]], tables: list[bytes]) -> None:
    if isinstance(node, Const):
        program.append(("const", node.value, 0))
    elif isinstance(node, Feature):
        if node.kind == "shape":
            table = bytearray(SHAPE_TABLE)
            for s, h, d, c in node.arg:
                table[((s * 14 + h) * 14 + d) * 14 + c] = 1
            arg = SHAPE_TABLE * len(tables)
            tables.append(bytes(table))
        else:
            arg = -1 if node.arg is None else node.arg
        program.append((node.kind, node.owner, arg))
    else:
        for operand in node.operands:
            _emit(operand, program, tables)
        program.append((node.op, 0, 0))


def _bound(node: Node) -> int:
    """A bound on the absolute value of ``node`` on any deal (every feature is at most 52); InputError when some
    part of it could leave the kernel's 64-bit arithmetic."""
    if isinstance(node, Const):
        return node.value
    if isinstance(node, Feature):
        return 52
    bounds = [_bound(operand) for operand in node.operands]
    if node.op in ("+", "-"):
        bound = bounds[0] + bounds[1]
    elif node.op == "*":
        bound = bounds[0] * bounds[1]
    else:
        bound = bounds[0] if node.op == "neg" else 1
    if bound > 2**62:
        raise InputError("the condition's arithmetic can exceed 2**62", field="where")
    return bound


def _depth(node: Node) -> int:
    if isinstance(node, Apply):
        return max(_depth(operand) + k for k, operand in enumerate(node.operands))
    return 1


def compile_condition(text: str, owners: Mapping[str, int], sizes: Sequence[int]) -> Condition:
    """Read ``text`` and compile it for the kernel.

    ``owners`` maps each hand's name (lower case) to its index (seats, then the talon); ``sizes[i]`` is the
    number of cards hand ``i`` holds (shapes must add up to it). NotationError (field "where") names the
    place in the text that cannot be read.
    """
    if not isinstance(text, str) or not text.strip():
        raise NotationError("the condition is empty", field="where")
    try:
        tree = _Reader(text, owners, sizes).condition()
        depth = _depth(tree)
    except RecursionError:
        # Parentheses nested by the hundred, or a chain of hundreds of operators: more than the reader and the
        # checks walk, and than any condition needs.
        raise InputError("the condition nests too deeply or chains too many operators to read", field="where") from None
    if depth > STACK_SIZE:
        raise InputError(f"the condition nests deeper than {STACK_SIZE} levels", field="where")
    _bound(tree)
    steps: list[tuple[str, int, int]] = []
    tables: list[bytes] = []
    _emit(tree, steps, tables)
    program = array.array("i", [v for op, a, b in steps for v in (OPCODES[op], a, b)])
    return Condition(text, tree, program, array.array("B", b"".join(tables)))
