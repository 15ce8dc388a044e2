import { buttonClass } from '@/components/ui/button-styles';
import { TokenActionForm, type TokenAction } from './token-action-form';

type TokenFormProps = {
  action: TokenAction;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The button of /watchlist/confirm or /watchlist/unsubscribe, with the token of the e-mail's link. */
export async function TokenForm({ action, searchParams }: TokenFormProps) {
  const { token } = await searchParams;
  // A link cut short still gets its button: the shop's refusal then says what is wrong.
  return <TokenActionForm action={action} token={typeof token === 'string' ? token : ''} className={buttonClass('primary')} />;
}
