# The play form (/play) and a person's seat (/play/TOKEN).
