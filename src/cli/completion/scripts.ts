// The scripts `rentals completion bash|zsh|fish` prints. Each one only passes the words typed so
// far to `rentals __complete` and shows what it answers: the logic lives in one place (complete.ts).

import type { Shell } from './shells.js';

const bash = `# rentals completion for bash. Install:
#   rentals completion bash > ~/.local/share/bash-completion/completions/rentals
# or add to ~/.bashrc:  eval "$(rentals completion bash)"
_rentals_complete() {
  local out
  COMPREPLY=()
  # rentals reads the line as bash will (quotes, backslashes, --flag=value) and answers with what
  # replaces readline's text ($2), quoted for where the cursor is: after "…", '…' or unquoted.
  out=$(rentals __complete --shell bash "--line=\${COMP_LINE:0:COMP_POINT}" "--replaced=$2" 2>/dev/null) || return 0
  if [[ "$out" == ":files" ]]; then
    compopt -o default 2>/dev/null
    return 0
  fi
  [[ -n $out ]] && mapfile -t COMPREPLY <<< "$out"
  return 0
}
complete -F _rentals_complete rentals
`;

const zsh = `#compdef rentals
# rentals completion for zsh. Install:
#   rentals completion zsh > "\${fpath[1]}/_rentals"     (then restart zsh)
# or add to ~/.zshrc (after compinit):  eval "$(rentals completion zsh)"
_rentals() {
  local -a candidates typed
  local out
  # The words as rentals reads them: quoting removed, and an open quote ("LED U) dropped.
  typed=("\${(@Q)words[2,CURRENT]}")
  typed[-1]=\${typed[-1]#[\\"\\']}
  out=$(rentals __complete --shell zsh -- "\${typed[@]}" 2>/dev/null) || return 0
  if [[ "$out" == ":files" ]]; then
    _files
    return
  fi
  candidates=("\${(@f)out}")
  # -U: rentals matched the typed word already (an id offered for a name does not begin with it).
  _describe -t values 'rentals' candidates -U
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _rentals "$@"
else
  compdef _rentals rentals
fi
`;

const fish = `# rentals completion for fish. Install:
#   rentals completion fish > ~/.config/fish/completions/rentals.fish
function __rentals_complete
    # The token being completed unquoted: "LED U (an open quote) and Stage\\ S read as typed names.
    set -l current (commandline -ct | string unescape)
    set -l words (commandline -opc)[2..-1] $current
    set -l out (rentals __complete --shell fish -- $words 2>/dev/null)
    if test "$out" = ":files"
        __fish_complete_path (commandline -ct)
        return
    end
    printf '%s\\n' $out
end
complete -c rentals -f -a '(__rentals_complete)'
`;

export function completionScript(shell: Shell): string {
  return { bash, zsh, fish }[shell];
}

/**
 * One candidate as each shell reads it: bash a bare value, zsh `value:description` (`_describe`
 * reads a backslash as an escape on both sides: it is doubled, and a colon of the value escaped),
 * fish `value<TAB>description`.
 */
export function formatCandidate(shell: Shell, value: string, description?: string): string {
  const desc = (description ?? '').replace(/\s+/g, ' ').trim();
  if (shell === 'zsh') {
    const zshValue = value.replace(/\\/g, '\\\\').replace(/:/g, '\\:');
    return desc ? `${zshValue}:${desc.replace(/\\/g, '\\\\')}` : zshValue;
  }
  if (shell === 'fish') return desc ? `${value}\t${desc}` : value;
  return value;
}
