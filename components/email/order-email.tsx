import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { EmailContent } from './email-content';

/**
 * Every e-mail to the buyer, in the shop's look: near-black, ivory text, one gold accent. The
 * colours are set on every element, so a dark-mode mail client has nothing to invert.
 */
const COLORS = { ink: '#0b0b0d', surface: '#141418', line: '#2a2a31', ivory: '#f3efe6', muted: '#a6a29a', gold: '#c9a96e' };
const SERIF = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

export function OrderEmail({ content }: { content: EmailContent }) {
  return (
    <Html lang="en" style={{ backgroundColor: COLORS.ink }}>
      <Head>
        <meta name="color-scheme" content="dark" />
        <meta name="supported-color-schemes" content="dark" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: COLORS.ink, color: COLORS.ivory, fontFamily: SANS, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: COLORS.surface, border: `1px solid ${COLORS.line}`, borderRadius: 8, maxWidth: 560, padding: 28 }}>
          <Text style={{ color: COLORS.gold, fontFamily: SERIF, fontSize: 22, letterSpacing: 6, margin: 0 }}>ORX</Text>
          <Heading as="h1" style={{ color: COLORS.ivory, fontFamily: SERIF, fontSize: 28, fontWeight: 500, margin: '16px 0' }}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((paragraph, index) => (
            <Text key={index} style={{ color: COLORS.ivory, fontSize: 15, lineHeight: '24px' }}>
              {paragraph}
            </Text>
          ))}
          <Hr style={{ borderColor: COLORS.line, margin: '20px 0' }} />
          <Section>
            {content.details.map((detail, index) => (
              <Text key={index} style={{ color: COLORS.ivory, fontSize: 14, lineHeight: '22px', margin: '0 0 10px', wordBreak: 'break-all' }}>
                <span style={{ color: COLORS.muted }}>{detail.label}: </span>
                {detail.href ? (
                  <Link href={detail.href} style={{ color: COLORS.gold, textDecoration: 'underline' }}>
                    {detail.value}
                  </Link>
                ) : (
                  <span style={{ whiteSpace: 'pre-line' }}>{detail.value}</span>
                )}
              </Text>
            ))}
          </Section>
          <Hr style={{ borderColor: COLORS.line, margin: '20px 0' }} />
          <Text style={{ color: COLORS.muted, fontSize: 12, lineHeight: '18px' }}>
            {content.footer?.text ?? 'You receive this e-mail because you ordered from ORX with this address. Reply to it to reach us.'}
            {content.footer?.link ? (
              <>
                {' '}
                <Link href={content.footer.link.href} style={{ color: COLORS.gold, textDecoration: 'underline' }}>
                  {content.footer.link.label}
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
