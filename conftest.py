"""The suite's shared fixtures, for tests/ and each family's own tests/ folder alike."""

pytest_plugins = ["tests.fixtures"]
