// Scenes: see DESIGN.md §1.
