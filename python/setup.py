# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds the extension posenc._core with CMake (python/CMakeLists.txt standalone: posenc_core and the
extension only, from Debian's packages; nothing is downloaded).

POSENC_PREBUILT_DIR=<dir>: copy the extension module (_core*.so) already built there (e.g. build/python/posenc of
a CMake build of the whole project) instead of building it again."""
import glob
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent


def version() -> str:
    text = (HERE.parent / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"^\s+VERSION ([0-9.]+)", text, re.M).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target_dir = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve().parent
        target_dir.mkdir(parents=True, exist_ok=True)
        prebuilt = os.environ.get("POSENC_PREBUILT_DIR")
        if prebuilt:
            found = glob.glob(os.path.join(prebuilt, "_core*.so"))
            if not found:
                raise RuntimeError(f"POSENC_PREBUILT_DIR={prebuilt}: no _core*.so there")
            for f in found:
                shutil.copy2(f, target_dir)
            write_stub(target_dir)
            return
        build_temp = pathlib.Path(self.build_temp).resolve() / "cmake"
        build_temp.mkdir(parents=True, exist_ok=True)
        subprocess.check_call(["cmake", "-S", str(HERE), "-B", str(build_temp), "-DCMAKE_BUILD_TYPE=Release",
                               f"-DPython_EXECUTABLE={sys.executable}",
                               f"-DCMAKE_LIBRARY_OUTPUT_DIRECTORY={target_dir}"])
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(min(os.cpu_count() or 1, 4)))
        subprocess.check_call(["cmake", "--build", str(build_temp), "--target", "posenc_python_core", "-j", jobs])
        write_stub(target_dir)


_STUB = """import importlib.util, sys
def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
core, docs = load("_core", sys.argv[1]), load("_docs", sys.argv[2])
with open(sys.argv[3], "w", encoding="utf-8") as f:
    f.write(docs.stub_text(core.methods(), core.analyses()))
"""


def write_stub(target_dir: pathlib.Path) -> None:
    """posenc/_encoding.pyi from the registry's ParamSpecs (posenc/_docs.py stub_text), as the CMake build does."""
    core = glob.glob(str(target_dir / "_core*.so"))[0]
    subprocess.check_call([sys.executable, "-c", _STUB, core, str(HERE / "posenc" / "_docs.py"),
                           str(target_dir / "_encoding.pyi")])


setup(version=version(), ext_modules=[Extension("posenc._core", sources=[])], cmdclass={"build_ext": CMakeBuild})
