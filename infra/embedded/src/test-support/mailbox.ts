import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: ParsedMail['headers'];
  /** A header as the mail carries it (unfolded, without its name), by name in any case; undefined when absent. */
  header(name: string): string | undefined;
  /** Every http(s) link of the HTML part, in order. */
  links: string[];
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives, read as a mail
 * client would (mailparser). `refuse` makes it answer 421 (away) until `accept` is called.
 */
export class TestMailbox {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly received: ReceivedMail[],
    private readonly state: { refusing: boolean },
  ) {}

  static async start(): Promise<TestMailbox> {
    const received: ReceivedMail[] = [];
    const state = { refusing: false };
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        if (state.refusing) return callback(Object.assign(new Error('Service not available, try later'), { responseCode: 421 }));
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push(toReceived(parsed));
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
    return new TestMailbox(server, port, received, state);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  refuse(): void {
    this.state.refusing = true;
  }

  accept(): void {
    this.state.refusing = false;
  }

  /** The mails to an address (case-insensitive), oldest first. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A mail as it was sent (an .eml file's bytes), read as a mail client would. */
export async function readMail(source: Buffer): Promise<ReceivedMail> {
  return toReceived(await simpleParser(source));
}

function toReceived(parsed: ParsedMail): ReceivedMail {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const links = [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
  return {
    to: to?.value[0]?.address ?? '',
    subject: parsed.subject ?? '',
    html,
    text: parsed.text ?? '',
    headers: parsed.headers,
    header(name) {
      const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
      return line
        ?.slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim();
    },
    links,
  };
}
