import sys

# absolute: worker processes (a sweep's, the workbench's) start by running the main module again,
# as a plain script, where a relative import has no package to be relative to
from epistemic.cli.main import main

# guarded: a sweep's worker processes start by importing the main module again
if __name__ == "__main__":
    sys.exit(main())
