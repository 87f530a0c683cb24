import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The from-the-definition model (tests/reference.py) is imported by several test modules.
sys.path.insert(0, str(Path(__file__).parent))

# Timing is never asserted: a loaded CI machine must not turn slow examples into failures.
settings.register_profile("cgt", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cgt")
