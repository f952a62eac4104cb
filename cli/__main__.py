import sys

from .main import main

# guarded: a sweep's worker processes start by importing the main module again
if __name__ == "__main__":
    sys.exit(main())
