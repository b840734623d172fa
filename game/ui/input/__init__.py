"""Controllers and touch screens, turned into the keys and clicks every scene
already takes (`router.InputRouter`): no scene learns a new kind of input."""
