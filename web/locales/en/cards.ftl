# Cards in words: ranks and suits of the French deck and of the German-suited (Czech) deck.
