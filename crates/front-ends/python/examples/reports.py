"""The verbs' reports as dicts: the command line's JSON."""
import tabula

# ANCHOR: simulate
report = tabula.simulate("pig(target=30)", games=20_000, seed=7, threads=1)
print(list(report)[:6])
print(report["games"], report["seats"][0]["wins"] + report["seats"][1]["wins"])
# ANCHOR_END: simulate

# ANCHOR: analyze
exact = tabula.analyze("pig(target=20, horizon=0)", agents=["hold-at-10", "hold-at-20"])
print(exact["states"], [(s["agent"], round(s["win"], 4)) for s in exact["seats"]])
print(type(exact["steps_pmf"]).__name__, round(float(exact["steps_pmf"].sum()), 6))
# ANCHOR_END: analyze

# ANCHOR: arrays
snakes = tabula.simulate("snakes", games=1000, seed=1, threads=1)
landings = snakes["squares"]["landings"]  # a NumPy array (a list without NumPy)
print(type(landings).__name__, landings.shape, int(landings.argmax()))
# ANCHOR_END: arrays
