"""The GM's day: the deadline and what goes to the players before it (receipts, forms,
reminders), the GM's rulings, and the files gm does not read."""
