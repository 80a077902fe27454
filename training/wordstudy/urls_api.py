"""``/api/`` routes of word study (listed in ``config.urls_api.API_MODULES``)."""

from django.urls import path

from training.wordstudy import apis

urlpatterns = [
    path("quizzes/", apis.QuizzesApi.as_view(), name="api-quizzes"),
    path("quizzes/<int:quiz_id>/", apis.QuizDetailApi.as_view(), name="api-quiz"),
    path("quizzes/<int:quiz_id>/next/", apis.QuizNextApi.as_view(), name="api-quiz-next"),
    path("quizzes/<int:quiz_id>/answers/", apis.QuizAnswersApi.as_view(), name="api-quiz-answers"),
    path("quizzes/<int:quiz_id>/finish/", apis.QuizFinishApi.as_view(), name="api-quiz-finish"),
    path("challenges/today/", apis.ChallengeTodayApi.as_view(), name="api-challenge-today"),
    path("wordstudy/due/", apis.DueApi.as_view(), name="api-wordstudy-due"),
]
