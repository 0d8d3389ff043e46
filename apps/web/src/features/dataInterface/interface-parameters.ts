import { useQuery } from '@tanstack/react-query';
import { dataInterfaceApi } from './api.ts';

/**
 * The parameters of a data interface (`GetParam/{id}`), cached a minute; nothing is asked while no
 * interface is chosen. The form designer's and the flow designer's parameter templates read it.
 */
export function useInterfaceParameters(interfaceId: string) {
  return useQuery({
    queryKey: ['dataInterface', 'params', interfaceId],
    queryFn: () => dataInterfaceApi.parameters(interfaceId),
    enabled: interfaceId !== '',
    staleTime: 60_000,
  });
}
