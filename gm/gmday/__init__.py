"""The GM's day, and the GM's tools over a whole game folder: the deadline and what goes to the
players before it (receipts, forms, reminders), the desk and `gm next`, the vote count, the HTML
preview, the audit, posts made again, and the files gm does not read. The rulings file is read
by gm/rulings.py, below the pipeline that applies it."""
