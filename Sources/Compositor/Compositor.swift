// Compositor: see DESIGN.md §1.
