"""The lessons on screen: the list of each game's lessons
(`chooser.LessonsScene`) and a lesson taken task by task on the game's board
(`task_view.LessonScene`, with `run.LessonRun` holding its state); the
player's progress kept in storage (`store`).  The lessons themselves, their
tasks and how a move is judged, are `game.lessons`'.

Nothing is imported here, so that the setup can read the progress
(`store`) without importing a scene."""
