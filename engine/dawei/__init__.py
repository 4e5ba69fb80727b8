"""打围 (dawei): six-dice stick game of Xizhou, Dali."""
