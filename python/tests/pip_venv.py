#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""CTest python_pip_install: `pip install --no-build-isolation --no-index` of python/ into a fresh
`python3 -m venv --system-site-packages`, offline, then `import posenc` from the venv (not the build tree).

Usage: pip_venv.py SOURCE_DIR PREBUILT_DIR. The package sources are copied to a temporary folder first (setuptools
writes build/ and *.egg-info next to setup.py), and POSENC_PREBUILT_DIR points the build at the extension modules
this CMake build already compiled, so the test takes seconds; without it `pip install ./python` builds posenc_core
and the extension from scratch (python/setup.py)."""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile


def main():
    source, prebuilt = pathlib.Path(sys.argv[1]), sys.argv[2]
    with tempfile.TemporaryDirectory(prefix="posenc-pip-") as tmp:
        tmp = pathlib.Path(tmp)
        src = tmp / "src"
        (src / "python").mkdir(parents=True)
        shutil.copy2(source / "CMakeLists.txt", src / "CMakeLists.txt")  # the version
        for name in ("pyproject.toml", "setup.py", "README.md"):
            shutil.copy2(source / "python" / name, src / "python" / name)
        shutil.copytree(source / "python" / "posenc", src / "python" / "posenc")
        venv = tmp / "venv"
        subprocess.check_call([sys.executable, "-m", "venv", "--system-site-packages", str(venv)])
        env = dict(os.environ, POSENC_PREBUILT_DIR=prebuilt, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
                   HOME=str(tmp))
        env.pop("PYTHONPATH", None)
        subprocess.check_call([str(venv / "bin" / "pip"), "install", "-q", "--no-build-isolation", "--no-index",
                               str(src / "python")], env=env, cwd=tmp)
        probe = ("import posenc, numpy as np\n"
                 "assert posenc.__file__.startswith(%r), posenc.__file__\n"
                 "e = posenc.Encoding('yarn', factor=4)\n"
                 "assert abs(e.attention_factor - (0.1 * np.log(4) + 1)) < 1e-15\n"
                 "print('installed', posenc.__version__, posenc.__file__)\n") % str(venv)
        subprocess.check_call([str(venv / "bin" / "python"), "-c", probe], env=env, cwd=tmp)


if __name__ == "__main__":
    main()
