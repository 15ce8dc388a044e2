'use client';

import { createContext, useContext } from 'react';
import type { WalletConfigResponse } from '@/lib/wallet/wallet-config';

/** The run-time chain settings (GET /api/wallet-config) for everything inside the wallet runtime. */
export const WalletConfigContext = createContext<WalletConfigResponse | null>(null);

export function useWalletConfig(): WalletConfigResponse {
  const config = useContext(WalletConfigContext);
  if (!config) throw new Error('useWalletConfig is used outside the wallet runtime');
  return config;
}
