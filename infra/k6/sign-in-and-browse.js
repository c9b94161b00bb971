// k6 load script: visitors load the app, sign up, read their profile and the library.
// Targets only the local gateway; bounded in virtual users and time.
//   k6 run -e BASE_URL=http://localhost:3000 infra/k6/sign-in-and-browse.js
import http from 'k6/http';
import { check, sleep } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(BASE_URL)) throw new Error('This script only targets a local gateway');

export const options = {
  scenarios: {
    listeners: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '20s', target: 20 },
        { duration: '40s', target: 20 },
        { duration: '10s', target: 0 },
      ],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:auth-user}': ['p(95)<150'],
    'http_req_duration{name:shell}': ['p(95)<100'],
  },
};

export default function () {
  const shell = http.get(`${BASE_URL}/affirmations`, { tags: { name: 'shell' } });
  check(shell, { 'shell served': (r) => r.status === 200 });

  const email = `k6.${__VU}.${__ITER}.${Date.now()}@example.com`;
  const signUp = http.post(`${BASE_URL}/api/signup`, JSON.stringify({ email, password: 'load test password', name: 'Load' }), {
    headers: { 'content-type': 'application/json' },
    tags: { name: 'sign-up' },
  });
  check(signUp, { 'signed up': (r) => r.status === 201 || r.status === 429 });

  for (let i = 0; i < 5; i++) {
    const me = http.get(`${BASE_URL}/api/auth/user`, { tags: { name: 'auth-user' } });
    check(me, { 'user read': (r) => r.status === 200 || r.status === 401 });
    http.get(`${BASE_URL}/api/transcripts`, { tags: { name: 'transcripts' } });
    sleep(1);
  }
}
