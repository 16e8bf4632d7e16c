"""`.github/workflows/pages.yml`: builds with the README's command and deploys to Pages.

Checked three ways: its structure against GitHub's workflow schema
(check-jsonschema's bundled copy, offline), its security with zizmor
(offline, rules in tests/web/zizmor.yml), and its steps read here.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML  # YAML 1.2: `on` stays a string (PyYAML reads True)

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
BUILD_COMMAND = "python -m game build-web"


@pytest.fixture(scope="module")
def workflow() -> dict:
    return YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def steps(job: dict) -> list[dict]:
    return job["steps"]


def uses(job: dict) -> list[str]:
    return [step["uses"].split("@")[0] for step in steps(job) if "uses" in step]


def test_it_runs_on_pushes_to_main(workflow):
    assert workflow["on"]["push"]["branches"] == ["main"]


def test_the_build_job_sets_up_python_installs_pygbag_and_runs_the_build_command(workflow):
    build = workflow["jobs"]["build"]
    assert uses(build)[:2] == ["actions/checkout", "actions/setup-python"]
    runs = [step.get("run", "") for step in steps(build)]
    install = next(i for i, run in enumerate(runs) if "pip install" in run)
    assert '"pygbag==0.9.3"' in runs[install]
    build_step = next(i for i, run in enumerate(runs) if BUILD_COMMAND in run)
    assert install < build_step
    assert runs[build_step].strip().startswith(BUILD_COMMAND)
    upload = steps(build)[build_step + 1]
    assert upload["uses"].startswith("actions/upload-pages-artifact@")
    assert upload["with"]["path"] == "build/web"


def test_the_build_command_is_the_one_the_readme_documents():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert BUILD_COMMAND in readme, "README.md must document `python -m game build-web`"
    assert "Hosting on GitHub Pages" in readme


def test_the_deploy_job_uses_the_official_action_with_the_pages_environment(workflow):
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert uses(deploy) == ["actions/deploy-pages"]
    assert deploy["environment"]["name"] == "github-pages"
    step_id = steps(deploy)[0]["id"]
    assert deploy["environment"]["url"] == f"${{{{ steps.{step_id}.outputs.page_url }}}}"


def test_permissions_are_least_privilege(workflow):
    assert workflow["permissions"] == {}
    assert workflow["jobs"]["build"]["permissions"] == {"contents": "read", "pages": "read"}
    assert workflow["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def test_one_deployment_at_a_time_and_none_cut_short(workflow):
    assert workflow["concurrency"] == {"group": "pages", "cancel-in-progress": False}


def test_the_workflow_matches_githubs_schema():
    done = subprocess.run([tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows",
                           str(WORKFLOW)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_zizmor_finds_nothing():
    done = subprocess.run([tool("zizmor"), "--offline", "--persona", "pedantic", "--config",
                           str(ROOT / "tests" / "web" / "zizmor.yml"), str(WORKFLOW)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
