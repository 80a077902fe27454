"""Word-study pages, under ``/wordstudy/`` (namespace ``wordstudy``)."""

from django.urls import path

from training.wordstudy import views

app_name = "wordstudy"

urlpatterns = [
    path("", views.home, name="home"),
    path("quizzes/<int:quiz_id>/", views.quiz, name="quiz"),
    path("quizzes/<int:quiz_id>/wall/", views.wall, name="wall"),
    path("quizzes/<int:quiz_id>/wall/guess/", views.wall_guess, name="wall-guess"),
    path("quizzes/<int:quiz_id>/flash/", views.flash, name="flash"),
    path("quizzes/<int:quiz_id>/questions/<int:question_id>/answer/", views.answer, name="answer"),
    path("quizzes/<int:quiz_id>/finish/", views.finish, name="finish"),
    path("quizzes/<int:quiz_id>/results/", views.results, name="results"),
    path("cards/", views.cards, name="cards"),
    path("cards/quiz/", views.due_quiz, name="due-quiz"),
    path("lists/<int:list_id>/quiz/", views.list_quiz, name="list-quiz"),
    path("lists/quiz/", views.list_quiz, name="list-quiz-any"),
    path("challenge/", views.challenge, name="challenge"),
    path("challenge/start/", views.challenge_start, name="challenge-start"),
]
