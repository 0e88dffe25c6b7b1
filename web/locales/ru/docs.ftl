# The documentation's index and pages' frame.
