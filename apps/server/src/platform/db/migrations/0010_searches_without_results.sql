-- Issue 13: the gallery's searches that found nothing, by day, without who searched (decision 044).
CREATE TABLE "searches_without_results" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"count" integer NOT NULL,
	"last_searched_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "searches_without_results_day_term_pk" PRIMARY KEY("day","term")
);
