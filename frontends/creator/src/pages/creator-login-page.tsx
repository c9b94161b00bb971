import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  callApi,
  Button,
  Card,
  Container,
  Field,
  Input,
  serverErrorMessage,
  Spinner,
  toast,
  validInput,
  Navigate,
  useNavigate,
  IconBadge,
} from '@innerecho/ui';
import { KeyRound } from 'lucide-react';
import { ZCreatorSignIn, type CreatorSignIn } from '@innerecho/contracts';
import { CREATOR_CURRENT_QUERY_KEY, useCurrentCreator } from '../api/creator-api';

export type CreatorLoginPageProps = Record<string, never>;

/**
 * '/creator-login': email (trimmed) and password, both required, and 'Forgot password?'; a failure toasts 'Login Failed'
 * with the server's words. Creator accounts are made by an admin.
 */
export function CreatorLoginPage(_props: CreatorLoginPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useCurrentCreator();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const login = useMutation({
    mutationFn: (input: CreatorSignIn) => callApi('POST /api/creator-auth/login', { body: input }),
    onSuccess: ({ creator }) => {
      queryClient.setQueryData(CREATOR_CURRENT_QUERY_KEY, { creator });
      toast({ title: 'Success', description: 'Logged in successfully' });
      void navigate('/creator-dashboard');
    },
    onError: (error) => {
      toast({ title: 'Login Failed', description: serverErrorMessage(error) ?? 'Invalid email or password', variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput(ZCreatorSignIn, { email, password });
    if (input) login.mutate(input);
  };

  if (current.data) return <Navigate to="/creator-dashboard" replace />;

  return (
    <Container css={{ paddingBlock: '56px 96px', display: 'flex', justifyContent: 'center' }}>
      <Card css={{ width: '100%', maxWidth: 440, gap: 24, padding: '36px 28px' }}>
        <div css={{ display: 'grid', gap: 10, justifyItems: 'center', textAlign: 'center' }}>
          <IconBadge size={56}>
            <KeyRound size={26} />
          </IconBadge>
          <h1 css={{ fontSize: 'clamp(28px, 5vw, 34px)' }}>Creator Login</h1>
          <p css={(t) => ({ color: t.colors.textMuted })}>Sign in to see your referral link, signups and commissions.</p>
        </div>
        {current.isLoading ? (
          <div css={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
            <Spinner />
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate css={{ display: 'grid', gap: 18 }}>
            <Field htmlFor="creator-email" label="Email">
              <Input
                id="creator-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="you@example.com"
              />
            </Field>
            <Field htmlFor="creator-password" label="Password">
              <Input
                id="creator-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Button type="submit" size="lg" fullWidth disabled={login.isPending} aria-busy={login.isPending || undefined}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
            {/* A page the server renders, so the browser goes there whole rather than through the router. */}
            <a
              href="/api/creator-auth/forgot-password"
              css={(t) => ({ justifySelf: 'center', color: t.colors.primary, fontWeight: 600, fontSize: 14 })}
            >
              Forgot password?
            </a>
          </form>
        )}
        <p
          css={(t) => ({
            fontSize: 14,
            color: t.colors.textMuted,
            textAlign: 'center',
            borderTop: `1px solid ${t.colors.border}`,
            paddingTop: 18,
          })}
        >
          Creator accounts are created by an admin. If you are a featured creator and need access, contact the InnerEcho team.
        </p>
      </Card>
    </Container>
  );
}
