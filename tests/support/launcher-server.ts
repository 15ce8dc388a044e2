import http from 'node:http';

/**
 * A server for the e2e launcher's test (tests/unit/e2e-launcher.test.ts): on PORT it answers 200
 * and says so on its error output; asked for /exit, it says it gives up and exits with code 3.
 * With NO_LISTEN it never answers.
 */
const port = Number(process.env.PORT);
if (process.env.NO_LISTEN) setInterval(() => {}, 60_000);
else {
  http
    .createServer((request, response) => {
      response.end('ok');
      if (request.url === '/exit') {
        console.error('giving up');
        process.exit(3);
      }
    })
    .listen(port, '127.0.0.1', () => console.error(`listening on ${port}`));
}
