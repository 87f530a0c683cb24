import sys
from pathlib import Path

# The from-the-definition model (tests/reference.py) is imported by several test modules.
sys.path.insert(0, str(Path(__file__).parent))
