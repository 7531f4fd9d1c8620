"""Build trickcore: the Cython kernel, the packages and the plug-in entry points.

Set TRICKCORE_NATIVE=1 to compile the kernel for this machine's instruction set (-march=native: hardware
popcount and the BMI2 bit-deposit instruction). The default build targets any x86-64 and is what a wheel for
other machines must be.
"""
import os
import platform
import sys

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

NATIVE = os.environ.get("TRICKCORE_NATIVE", "0") not in ("", "0", "false", "no")

if sys.platform == "win32":
    compile_args = ["/O2"]
else:
    compile_args = ["-O3", "-fno-strict-aliasing"]
    if NATIVE:
        compile_args.append("-march=native")

extensions = [
    Extension(
        "trickcore._kernel",
        ["trickcore/_kernel.pyx"],
        include_dirs=["trickcore"],
        extra_compile_args=compile_args,
    ),
    Extension(
        "trickcore._solver",
        ["trickcore/_solver.pyx"],
        include_dirs=["trickcore"],
        extra_compile_args=compile_args,
    ),
]

# The same search again for x86-64 processors with POPCNT, LZCNT and BMI1/2 (nearly all since about 2013):
# trickcore.solver picks it at run time when the processor has them, so the default build stays portable.
if sys.platform != "win32" and platform.machine().lower() in ("x86_64", "amd64"):
    extensions.append(Extension(
        "trickcore._solver_fast",
        ["trickcore/_solver_fast.pyx"],
        include_dirs=["trickcore"],
        extra_compile_args=compile_args + ["-mpopcnt", "-mlzcnt", "-mbmi", "-mbmi2"],
    ))

# One entry per line, so that each plug-in family adds its own lines.
ENTRY_POINTS = {
    "console_scripts": [
        "tricks = cli.main:main",
    ],
    "trickcore.games": [
        "bridge = games.bridge:BRIDGE",
        "whist = games.whist:WHIST",
        "preferans = games.preferans:PREFERANS",
    ],
    "trickcore.scorings": [
        "bridge-duplicate = scoring.bridge:DUPLICATE",
        "bridge-rubber = scoring.bridge:RUBBER",
        "bridge-chicago = scoring.bridge:CHICAGO",
        "bridge-imps = scoring.bridge:IMPS",
        "bridge-matchpoints = scoring.bridge:MATCHPOINTS",
        "bridge-vp = scoring.bridge:VP",
        "bridge-russian = scoring.bridge:RUSSIAN",
        "bridge-butler = scoring.bridge.butler:BUTLER",
        "bridge-cross-imps = scoring.bridge.butler:CROSS_IMPS",
        "whist-short = scoring.whist:WHIST_SHORT",
        "whist-long = scoring.whist:WHIST_LONG",
        "whist-american = scoring.whist:WHIST_AMERICAN",
        "preferans-sochi = scoring.preferans:SOCHI",
        "preferans-leningrad = scoring.preferans:LENINGRAD",
        "preferans-rostov = scoring.preferans:ROSTOV",
        "preferans-classic = scoring.preferans:CLASSIC",
    ],
    "trickcore.commands": [
        "solve = cli.solve:solve",
        "bridge = cli.bridge:bridge",
        "whist = cli.whist:whist",
        "preferans = cli.preferans:preferans",
    ],
}

setup(
    name="trickcore",
    version="0.1.0",
    description="A Cython trick-resolution kernel and pluggable trick-taking games: bridge, whist, preferans",
    long_description=open("README.md", encoding="utf-8").read(),
    long_description_content_type="text/markdown",
    license="MIT",
    python_requires=">=3.10",
    packages=find_packages(include=["trickcore", "trickcore.*", "games", "games.*",
                                    "scoring", "scoring.*", "cli", "cli.*"]),
    package_data={"trickcore": ["*.pxd", "*.pyx", "*.h"]},
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
        "test": ["pytest>=7", "hypothesis>=6.80", "pytest-benchmark>=4", "endplay>=0.5", "resvg-py>=0.5"],
        "bench": ["pytest-benchmark>=4"],
    },
    entry_points=ENTRY_POINTS,
    zip_safe=False,
)
