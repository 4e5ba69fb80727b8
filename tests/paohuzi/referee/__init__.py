"""An independent referee for the ``play`` action: see :mod:`.booklet`."""
