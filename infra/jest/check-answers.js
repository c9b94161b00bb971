// Every test holds every service's JSON answers to their declarations: a service answering
// something its endpoint does not declare answers 500 (and logs why), so the test fails.
process.env.CHECK_ANSWERS = 'true';
