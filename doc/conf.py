# Sphinx configuration for the request-scheduling chapter. ns-3 does not
# build the documentation of contrib modules, so the module carries its own:
#   sphinx-build -b html doc build/doc
project = "request-scheduling"
copyright = "the request-scheduling authors, GPL-2.0-only"
master_doc = "request-scheduling"
exclude_patterns = ["_build"]
html_theme = "alabaster"
