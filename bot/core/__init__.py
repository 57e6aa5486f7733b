"""What every feature shares: the game service, persistent components, errors and texts."""
