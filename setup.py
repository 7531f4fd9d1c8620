"""Build trickcore: the Cython kernel, the packages and the plug-in entry points.

Set TRICKCORE_NATIVE=1 to compile the kernel for this machine's instruction set (-march=native: hardware
popcount and the BMI2 bit-deposit instruction; gcc and clang). The default build targets any processor of its
architecture and is what a wheel for other machines must be.

The compile flags follow the compiler the build actually calls, not the platform: MSVC /O2, gcc and clang -O3;
the x86-64 twin of the search (POPCNT, LZCNT, BMI) is built when a gcc or clang compiler targets x86-64.

With gcc the double-dummy search is built guided by a profile (as CPython's --enable-optimizations): built
instrumented, run on a few seeded deals, built again with the counts. It is about 8% faster for it on
preferans, 3% on bridge; the build takes about twice as long. TRICKCORE_PGO=0 builds in one pass (for quick
rebuilds while editing); a profile run that fails falls back to that build.
"""
import glob
import os
import runpy
import shutil
import subprocess
import sys
import tempfile

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError


def _flag(name, default):
    return os.environ.get(name, default) not in ("", "0", "false", "no")


NATIVE = _flag("TRICKCORE_NATIVE", "0")
PGO = _flag("TRICKCORE_PGO", "1")

# What the environment asks of every extension (gcc and clang flags; MSVC ignores them with a warning). Each
# compiler's own optimisation flags are added by build_ext, which knows the compiler (OPTIMISE below).
compile_args = ["-march=native"] if NATIVE else []

# The search's include files (one translation unit with _solver.pyx): an edit to any of them rebuilds it.
SOLVER_INCLUDES = sorted(glob.glob("trickcore/_solver_*.pxi"))

extensions = [
    Extension(
        "trickcore._kernel",
        ["trickcore/_kernel.pyx"],
        include_dirs=["trickcore"],
        depends=["trickcore/_kernel_where.pxi"],
        extra_compile_args=compile_args,
    ),
    # Bridge's own compiled loop (random and heuristic boards), beside the game it belongs to: the kernel knows
    # no game.
    Extension(
        "trickcore.games.bridge.compiled._boards",
        ["games/bridge/compiled/_boards.pyx"],
        include_dirs=["trickcore"],
        depends=["games/bridge/compiled/_heuristic.pxi"],
        extra_compile_args=compile_args,
    ),
    # The hands of many deals as text at once, for a simulation's lines and table (any game).
    Extension(
        "trickcore.games._deal_text",
        ["games/_deal_text.pyx"],
        extra_compile_args=compile_args,
    ),
    # The text of many played bridge boards at once (auctions, plays), for a simulation's table and lines.
    Extension(
        "trickcore.games.bridge.compiled._board_text",
        ["games/bridge/compiled/_board_text.pyx"],
        extra_compile_args=compile_args,
    ),
    # Preferans's heuristic player compiled (its decisions, and the loop of whole deals that simulations play),
    # beside the game it belongs to.
    Extension(
        "trickcore.games.preferans._heuristic",
        ["games/preferans/_heuristic.pyx"],
        include_dirs=["trickcore"],
        depends=["games/preferans/_heuristic_deals.pxi"],
        extra_compile_args=compile_args,
    ),
    Extension(
        "trickcore._solver",
        ["trickcore/_solver.pyx"],
        include_dirs=["trickcore"],
        depends=SOLVER_INCLUDES,
        extra_compile_args=compile_args,
    ),
]

# The instructions of the search's x86-64 twin, as gcc and clang spell them.
X86_BITS = ["-mpopcnt", "-mlzcnt", "-mbmi", "-mbmi2"]

# The same search again for x86-64 processors with POPCNT, LZCNT and BMI1/2 (nearly all since about 2013):
# trickcore.solver picks it at run time when the processor has them, so the default build stays portable.
# build_ext leaves it out where the compiler does not target x86-64 or is not gcc or clang.
FAST_SOLVER = "trickcore._solver_fast"
extensions.append(Extension(
    FAST_SOLVER,
    ["trickcore/_solver_fast.pyx"],
    include_dirs=["trickcore"],
    depends=["trickcore/_solver.pyx"] + SOLVER_INCLUDES,
    extra_compile_args=compile_args + X86_BITS,
))

# Each compiler's optimisation flags; gcc and clang share theirs, the flags the kernel has always been built and
# measured with.
OPTIMISE = {"msvc": ["/O2"], "gcc": ["-O3", "-fno-strict-aliasing"], "clang": ["-O3", "-fno-strict-aliasing"]}

# A source that compiles only for x86-64: the probe of whether the compiler targets it.
X86_PROBE = "#if !defined(__x86_64__)\n#error not x86-64\n#endif\nint trickcore_probe;\n"

# The profile run (PGO): the searches the benchmarks time, on deals of its own: bridge tables, preferans
# contracts, misère and all-pass, and the positions of a trick in progress. Only the kernel's extensions are
# on the path, not the package (the build environment lacks its dependencies).
PROFILE_RUN = """
import random
from trickcore import _kernel
from trickcore import _solver
modules = [_solver]
if _kernel.cpu_has_fast_bits():
    from trickcore import _solver_fast
    modules.append(_solver_fast)


def hands(rng, n_seats, size, deck):
    cards = list(deck)
    rng.shuffle(cards)
    out = [0] * n_seats
    for seat in range(n_seats):
        for c in cards[seat * size:(seat + 1) * size]:
            out[seat] |= 1 << c
    return out, cards[n_seats * size:]


rng = random.Random(20261124)
deck52 = [16 * su + r for su in range(4) for r in range(13)]
deck32 = [16 * su + r for su in range(4) for r in range(5, 13)]
for module in modules:
    bridge, preferans = module.Solver(20), module.Solver(17)
    for _ in range(4):
        bridge.dd_table(hands(rng, 4, 13, deck52)[0])
    for _ in range(12):
        h, talon = hands(rng, 3, 10, deck32)
        for declarer in range(3):
            full = list(h)
            full[declarer] |= (1 << talon[0]) | (1 << talon[1])
            for trump in (0, 1, 2, 3, -1):
                preferans.best_discard((3, trump, True, True), full, declarer, 0, False)
            preferans.best_discard((3, -1, True, True), full, declarer, 0, True)
            preferans.all_pass(h, sorted(talon, reverse=True), declarer, False)
    for i in range(200):
        h = hands(rng, 4, 5, deck52)[0]
        lead = min(c for c in range(64) if h[1] >> c & 1)
        h[1] &= ~(1 << lead)
        bridge.solve_cards((4, i % 5 - 1, True, False), h, 1, [lead], 5, 5)
"""


def compiler_family(compiler):
    """'msvc', 'clang', 'gcc' or 'other': the compiler a build_ext calls, by its own account of itself."""
    if compiler.compiler_type == "msvc":
        return "msvc"
    try:
        out = subprocess.run(compiler.compiler_so[:1] + ["--version"], capture_output=True, text=True,
                             timeout=60).stdout
    except (AttributeError, OSError, subprocess.SubprocessError):
        return "other"
    # Apple's clang says "Apple clang"; gcc names its foundation (and "cc" on Linux is usually gcc).
    if "clang" in out:
        return "clang"
    return "gcc" if "Free Software Foundation" in out else "other"


class TrickcoreBuild(build_ext):
    """build_ext with the flags of the compiler at hand and, with gcc, profile-guided optimisation (see the
    module docstring)."""

    def build_extensions(self):
        family = compiler_family(self.compiler)
        if not self._targets_x86_bits(family):
            self.extensions = [ext for ext in self.extensions if ext.name != FAST_SOLVER]
        for ext in self.extensions:
            ext.extra_compile_args = OPTIMISE.get(family, []) + ext.extra_compile_args
        if not PGO or family != "gcc":
            return super().build_extensions()
        profile_dir = os.path.abspath(os.path.join(self.build_temp, "pgo-profile"))
        shutil.rmtree(profile_dir, ignore_errors=True)
        plain = {ext.name: (list(ext.extra_compile_args), list(ext.extra_link_args)) for ext in self.extensions}

        def flags(compile_extra, link_extra):
            for ext in self.extensions:
                ext.extra_compile_args = plain[ext.name][0] + compile_extra
                ext.extra_link_args = plain[ext.name][1] + link_extra

        flags([f"-fprofile-generate={profile_dir}"], ["-fprofile-generate"])
        self.force = True
        super().build_extensions()
        if self._profile_run():
            # Code the run did not reach keeps its ordinary optimisation (-fprofile-partial-training).
            flags([f"-fprofile-use={profile_dir}", "-fprofile-partial-training", "-fprofile-correction",
                   "-Wno-missing-profile"], [])
        else:
            print("trickcore: the profile run failed; building without a profile", file=sys.stderr)
            flags([], [])
        super().build_extensions()

    def _targets_x86_bits(self, family):
        """Whether the compiler is gcc or clang building for x86-64 (its flags, ARCHFLAGS included, decide)."""
        if family not in ("gcc", "clang"):
            return False
        with tempfile.TemporaryDirectory() as root:
            probe = os.path.join(root, "x86_probe.c")
            with open(probe, "w") as f:
                f.write(X86_PROBE)
            try:
                self.compiler.compile([probe], output_dir=root, extra_postargs=X86_BITS)
            except CompileError:
                return False
        return True

    def _profile_run(self):
        with tempfile.TemporaryDirectory() as root:
            package = os.path.join(root, "trickcore")
            os.mkdir(package)
            open(os.path.join(package, "__init__.py"), "w").close()
            for ext in self.extensions:
                shutil.copy(self.get_ext_fullpath(ext.name), package)
            try:
                done = subprocess.run([sys.executable, "-c", PROFILE_RUN], cwd=root, timeout=900,
                                      env={**os.environ, "PYTHONPATH": root})
            except (OSError, subprocess.SubprocessError):
                return False
            return done.returncode == 0


# The repository keeps games/, scoring/ and cli/ at its top, but they install under the trickcore name
# (trickcore.games...), so that no generic top-level module such as "cli" lands in site-packages.
SUBPACKAGES = ("games", "scoring", "cli")
PACKAGE_DIR = {f"trickcore.{name}": name for name in SUBPACKAGES}
PACKAGES = ["trickcore"] + [
    f"trickcore.{name}" + ("." + sub if sub else "")
    for name in SUBPACKAGES
    for sub in [""] + find_packages(where=name)
]


# One entry per line, so that each plug-in family adds its own lines.
ENTRY_POINTS = {
    "console_scripts": [
        "tricks = trickcore.cli.main:main",
    ],
    "trickcore.games": [
        "bridge = trickcore.games.bridge.game:BRIDGE",
        "whist = trickcore.games.whist.game:WHIST",
        "preferans = trickcore.games.preferans.game:PREFERANS",
    ],
    "trickcore.scorings": [
        "bridge-duplicate = trickcore.scoring.bridge.systems:DUPLICATE",
        "bridge-par = trickcore.scoring.bridge.systems:PAR",
        "bridge-rubber = trickcore.scoring.bridge.systems:RUBBER",
        "bridge-chicago = trickcore.scoring.bridge.systems:CHICAGO",
        "bridge-imps = trickcore.scoring.bridge.systems:IMPS",
        "bridge-matchpoints = trickcore.scoring.bridge.systems:MATCHPOINTS",
        "bridge-vp = trickcore.scoring.bridge.systems:VP",
        "bridge-russian = trickcore.scoring.bridge.systems:RUSSIAN",
        "bridge-butler = trickcore.scoring.bridge.systems:BUTLER",
        "bridge-cross-imps = trickcore.scoring.bridge.systems:CROSS_IMPS",
        "whist-short = trickcore.scoring.whist.systems:WHIST_SHORT",
        "whist-long = trickcore.scoring.whist.systems:WHIST_LONG",
        "whist-american = trickcore.scoring.whist.systems:WHIST_AMERICAN",
        "preferans-sochi = trickcore.scoring.preferans.systems:SOCHI",
        "preferans-leningrad = trickcore.scoring.preferans.systems:LENINGRAD",
        "preferans-rostov = trickcore.scoring.preferans.systems:ROSTOV",
        "preferans-classic = trickcore.scoring.preferans.systems:CLASSIC",
        "preferans-gusarik = trickcore.scoring.preferans.systems:GUSARIK",
        "preferans-old = trickcore.scoring.preferans.systems:OLD",
    ],
    "trickcore.agents": [
        "bridge-random = trickcore.games.bridge.agents:RandomAgent",
        "bridge-heuristic = trickcore.games.bridge.agents:HeuristicAgent",
        "bridge-dd = trickcore.games.bridge.agents:DoubleDummyAgent",
        "bridge-pimc = trickcore.games.bridge.pimc:PimcAgent",
        "whist-random = trickcore.games.whist.agents:RandomAgent",
        "whist-heuristic = trickcore.games.whist.agents:HeuristicAgent",
        "whist-dd = trickcore.games.whist.agents:DoubleDummyAgent",
        "whist-pimc = trickcore.games.whist.pimc:PimcAgent",
        "preferans-random = trickcore.games.preferans.agents:RandomAgent",
        "preferans-heuristic = trickcore.games.preferans.agents:HeuristicAgent",
        "preferans-dd = trickcore.games.preferans.agents:DDAgent",
        "preferans-pimc = trickcore.games.preferans.pimc:PimcAgent",
    ],
    "trickcore.commands": [
        "solve = trickcore.cli.solve:solve",
        "bridge = trickcore.cli.bridge:bridge",
        "whist = trickcore.cli.whist:whist",
        "preferans = trickcore.cli.preferans:preferans",
    ],
}

# The documentation site (docs/, built strictly by tests/test_docs.py). sphinx-click 6.2 fails under Sphinx 9,
# which turned the autodoc mock it calls into a module.
DOCS_REQUIRES = ["sphinx>=7.2,<9", "myst-parser>=2", "furo>=2023.9", "sphinx-autodoc-typehints>=1.25",
                 "sphinx-click>=5"]

setup(
    name="trickcore",
    # Written once, in trickcore/_version.py (the package itself cannot be imported before it is built).
    version=runpy.run_path("trickcore/_version.py")["__version__"],
    description="A Cython trick-resolution kernel and pluggable trick-taking games: bridge, whist, preferans",
    long_description=open("README.md", encoding="utf-8").read(),
    long_description_content_type="text/markdown",
    license="MIT",
    author="The trickcore developers",
    classifiers=[
        "Development Status :: 3 - Alpha",
        "Intended Audience :: Developers",
        "Intended Audience :: Science/Research",
        "Operating System :: MacOS",
        "Operating System :: Microsoft :: Windows",
        "Operating System :: POSIX :: Linux",
        "Programming Language :: Cython",
        "Programming Language :: Python :: 3",
        "Programming Language :: Python :: 3.10",
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Programming Language :: Python :: 3.13",
        "Topic :: Games/Entertainment",
        "Typing :: Typed",
    ],
    python_requires=">=3.10",
    packages=PACKAGES,
    package_dir=PACKAGE_DIR,
    # The Cython sources and headers (for cimport), the compiled modules' stubs and the typed-package marker.
    package_data={"trickcore": ["*.pxd", "*.pyx", "*.pxi", "*.h", "*.pyi", "py.typed"]},
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
    install_requires=["attrs>=22.2", "click>=8.1"],
    extras_require={
        "test": ["pytest>=7", "hypothesis>=6.80", "pytest-benchmark>=4", "endplay>=0.5", "resvg-py>=0.5",
                 "dask[distributed]>=2023.1", "matplotlib>=3.5", "pandas>=1.5", "pyarrow>=14",
                 # The linter and type checker the suite runs (tests/test_lint.py), pinned to a minor release
                 # since new ones add checks; the packaging checks of tests/trickcore/test_build.py.
                 "ruff~=0.17.6", "mypy~=2.4.1", "build>=1.0", "twine>=5"] + DOCS_REQUIRES,
        "docs": DOCS_REQUIRES,
        # A working copy for development: the tests' tools and the commit hooks (.pre-commit-config.yaml).
        "dev": ["trickcore[test]", "pre-commit>=3"],
        # Dask: the field's standard for spreading Python work over the cores of several machines.
        "dist": ["dask[distributed]>=2023.1"],
        # matplotlib: the standard Python plotting library, for the plots of `tricks compare --format html`.
        "plot": ["matplotlib>=3.5"],
        "bench": ["pytest-benchmark>=4"],
        # pandas and pyarrow (14 on: schemas unified with type promotion): the results' to_pandas() and to_arrow(),
        # and `tricks simulate --out FILE.parquet`.
        "data": ["pandas>=1.5", "pyarrow>=14"],
    },
    entry_points=ENTRY_POINTS,
    cmdclass={"build_ext": TrickcoreBuild},
    zip_safe=False,
)
