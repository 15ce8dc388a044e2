import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { loopbackUrl } from './loopback';

/**
 * A mail server on 127.0.0.1 (smtp-server from npm) that keeps every message it accepts, parsed
 * with mailparser, and refuses recipients with the SMTP code it is told to.
 */
export async function startSmtpReceiver(port = 0) {
  const messages: (ParsedMail & { receivedAt: number })[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refusals.get(address.address);
      if (code === undefined) return callback();
      const error = new Error(`Refused (${code})`) as Error & { responseCode: number };
      error.responseCode = code;
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({ ...mail, receivedAt: Date.now() });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: loopbackUrl(server.server, 'smtp'),
    messages,
    refuse: (address: string, code: number) => refusals.set(address, code),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
