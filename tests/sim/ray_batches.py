"""The Ray half of test_batches.py's Ray test, run as a process of its own
(`python -m tests.sim.ray_batches DB ARGS_JSON`): if Ray aborts its driver, this process dies,
not the pytest(-xdist) worker, and the test fails with this process's stderr.

Plays the batch with ARGS_JSON (simulate's keyword arguments) on a local Ray of 2 CPUs: whole;
then into DB, stopped by Ctrl-C after 60 games; then resumed from DB. Prints the three results
as JSON, with how many times ray.cancel was called."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def main(db: str, args: dict[str, Any]) -> dict[str, Any]:
    import ray

    from deadtable import registry
    from deadtable.sim import simulate
    from tests.sim.race_game import GAME_ID, MODULE

    registry._MODULES[GAME_ID] = MODULE
    cancels = []
    cancel = ray.cancel

    def counted(*a: Any, **k: Any) -> None:
        cancels.append(a)
        cancel(*a, **k)

    ray.cancel = counted

    def stop(done: int, total: int) -> None:  # Ctrl-C, as the progress bar would see it
        if done >= 60:
            raise KeyboardInterrupt

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}})
    try:
        on_ray = simulate(**args, backend="ray", workers=2)
        cut = simulate(**args, backend="ray", workers=2, chunk=20, db=db, progress=stop)
        rest = simulate(**args, backend="ray", workers=2, chunk=20, db=db)
    finally:
        ray.shutdown()
    return {"on_ray": on_ray, "cut": cut, "rest": rest, "cancels": len(cancels)}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], json.loads(sys.argv[2]))))
