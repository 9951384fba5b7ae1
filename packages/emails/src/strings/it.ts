import type { EmailCatalogue } from './en.ts';

export const it: EmailCatalogue = {
  'title.quoted': '«{title}»',
  'header.via': '{sender} tramite {product}',
  'greeting.named': 'Gentile {name},',
  'greeting.anonymous': 'Buongiorno,',
  sequential: 'Questo documento si firma in ordine, una persona alla volta.',

  'label.document': 'Documento',
  'label.from': 'Da',
  'label.files': 'File',
  'label.signBy': 'Firmare entro il',
  'label.signers': 'Firmatari',
  'label.position': 'Il suo posto nell’ordine di firma',
  'label.downloadUntil': 'Link di download valido fino al',
  'label.linkFallback': 'Il pulsante non funziona? Copi questo link nel browser:',
  'label.messageFrom': 'Messaggio da {sender}:',
  'label.declineReason': 'Motivo indicato:',
  'label.cancelReason': 'Motivo indicato:',

  'footer.sentBy': 'Inviato da {product} per conto di {sender}.',
  'footer.unexpected': 'Se non si aspettava questa email, può ignorarla.',
  'footer.participant': 'Riceve questa email perché partecipa a questa richiesta di firma.',
  'footer.copied': 'Riceve questa email perché il mittente l’ha messa in copia in questa richiesta di firma.',

  'security.otp': 'Per la sua sicurezza, all’apertura del link le invieremo via email un codice monouso.',
  'security.publicLink': 'Chiunque abbia questo link può firmare a suo nome: non inoltri questa email.',

  'invite.subject': '{sender} le ha inviato «{title}» da firmare',
  'invite.preheader': '{sender} le chiede di firmare «{title}». Il link scade il {expires}.',
  'invite.heading.yourTurn': 'Verifichi e firmi',
  'invite.heading.waiting': 'Le è stato chiesto di firmare',
  'invite.intro': '{sender} le ha inviato {title} da firmare.',
  'invite.firstInOrder': 'Lei firma per primo; la persona successiva sarà avvisata dopo la sua firma.',
  'invite.notYourTurn.one': 'Firmerà dopo {n} altra persona: le scriveremo quando sarà il suo turno.',
  'invite.notYourTurn.other': 'Firmerà dopo altre {n} persone: le scriveremo quando sarà il suo turno.',
  'invite.notYourTurn.many': 'Firmerà dopo altre {n} persone: le scriveremo quando sarà il suo turno.',
  'invite.button': 'Verifica e firma',
  'invite.buttonWaiting': 'Apri il documento',

  'nextSigner.subject': 'Tocca a lei firmare «{title}»',
  'nextSigner.preheader': '{previous} ha firmato. Verifichi e firmi «{title}».',
  'nextSigner.heading': 'Tocca a lei firmare',
  'nextSigner.status': '{previous} ha firmato {title}. Ora tocca a lei verificarlo e firmarlo.',

  'upcoming.subject': 'Presto le sarà chiesto di firmare «{title}»',
  'upcoming.preheader':
    '{sender} l’ha aggiunta come firmatario {position} di {total}. Per ora non deve fare nulla.',
  'upcoming.heading': 'Presto toccherà a lei firmare',
  'upcoming.intro': '{sender} le ha chiesto di firmare {title}.',
  'upcoming.place': 'Lei è il firmatario {position} di {total}.',
  'upcoming.noLinkYet': 'Per ora non deve fare nulla: le invieremo un link quando sarà il suo turno.',
  'upcoming.linkWaits':
    'Può già aprire il documento; potrà firmare quando avranno firmato le persone prima di lei. Le scriveremo quando sarà il suo turno.',
  'upcoming.position': '{position} di {total}',

  'signed.subject': '{signer} ha firmato «{title}»',
  'signed.heading': '{signer} ha firmato',
  'signed.intro': '{signer} ha firmato {title}.',
  'signed.last': 'Era l’ultima firma. Riceverà a breve il documento firmato.',
  'signed.remaining.one': 'Manca ancora {n} firma per completare il documento.',
  'signed.remaining.other': 'Mancano ancora {n} firme per completare il documento.',
  'signed.remaining.many': 'Mancano ancora {n} firme per completare il documento.',

  'receipt.subject': 'La sua ricevuta di firma per «{title}»',
  'receipt.preheader': 'Ha firmato. Conservi questa email: identifica esattamente ciò che ha firmato.',
  'receipt.heading': 'Ha firmato',
  'receipt.intro': 'Ha firmato {title} il {at}.',
  'receipt.hashes':
    'Qui sotto trova lo SHA-256 di ogni documento firmato e del suo evento di firma nel registro di controllo. Il certificato del PDF firmato riporta gli stessi valori, così chiunque può confrontarli.',
  'receipt.eventLabel': 'Il suo evento di firma (SHA-256)',

  'completed.subject': 'Completato: «{title}» è firmato da tutti',
  'completed.preheader.attached': 'Tutti hanno firmato. Il PDF firmato è allegato.',
  'completed.preheader.link': 'Tutti hanno firmato. Scarichi il PDF firmato.',
  'completed.heading': 'Tutti hanno firmato',
  'completed.intro': 'Tutti i firmatari hanno firmato {title}, inviato da {sender}.',
  'completed.attached': 'Il PDF firmato è allegato a questa email. Lo conservi; può anche scaricarlo qui:',
  'completed.notAttached': 'Scarichi il PDF firmato e lo conservi:',
  'completed.attachedOnly': 'Il PDF firmato è allegato a questa email. Lo conservi.',
  'completed.button': 'Scarica il PDF firmato',

  'ccCopy.subject': 'Copia: «{title}» da {sender}',
  'ccCopy.preheader': '{sender} l’ha messa in copia per «{title}». Non deve firmare nulla.',
  'ccCopy.heading': 'È in copia in una richiesta di firma',
  'ccCopy.intro':
    '{sender} ha inviato {title} a {signers} per la firma e l’ha messa in copia per conoscenza.',
  'ccCopy.nothingToDo':
    'Non deve firmare nulla. Quando tutti avranno firmato, le invieremo il documento firmato.',

  'declined.subject': '{decliner} ha rifiutato di firmare «{title}»',
  'declined.preheader': '{decliner} ha rifiutato di firmare. La richiesta è chiusa.',
  'declined.heading': 'Firma rifiutata',
  'declined.intro': '{decliner} ha rifiutato di firmare {title}.',
  'declined.closed': 'La richiesta di firma è chiusa e i suoi link non funzionano più. Non deve fare altro.',

  'cancelled.subject': 'Annullato: «{title}»',
  'cancelled.preheader': '{sender} ha annullato questa richiesta di firma.',
  'cancelled.heading': 'Richiesta di firma annullata',
  'cancelled.intro': '{sender} ha annullato la richiesta di firma di {title}.',
  'cancelled.closed': 'Il link non funziona più e non deve fare altro.',

  'reminder.subject': 'Promemoria: firmi «{title}»',
  'reminder.preheader': '{sender} attende la sua firma. {left}',
  'reminder.heading': 'La sua firma è ancora necessaria',
  'reminder.intro': '{sender} attende che lei firmi {title}.',
  'reminder.lessThanADay': 'La richiesta scade tra meno di un giorno, il {expires}.',
  'reminder.left.one': 'La richiesta scade tra {n} giorno, il {expires}.',
  'reminder.left.other': 'La richiesta scade tra {n} giorni, il {expires}.',
  'reminder.left.many': 'La richiesta scade tra {n} giorni, il {expires}.',
  'reminder.button': 'Verifica e firma',

  'otpCode.subject': 'Il suo codice di verifica per «{title}»',
  'otpCode.preheader.one': 'Lo usi entro {n} minuto. Non lo condivida mai.',
  'otpCode.preheader.other': 'Lo usi entro {n} minuti. Non lo condivida mai.',
  'otpCode.preheader.many': 'Lo usi entro {n} minuti. Non lo condivida mai.',
  'otpCode.heading': 'Il suo codice di verifica',
  'otpCode.intro': 'Inserisca questo codice per aprire {title} di {sender}:',
  'otpCode.validity.one':
    'Il codice vale una volta e scade tra {n} minuto. Se scade, ne chieda uno nuovo nella pagina di firma.',
  'otpCode.validity.other':
    'Il codice vale una volta e scade tra {n} minuti. Se scade, ne chieda uno nuovo nella pagina di firma.',
  'otpCode.validity.many':
    'Il codice vale una volta e scade tra {n} minuti. Se scade, ne chieda uno nuovo nella pagina di firma.',
  'otpCode.warning':
    'Non condivida mai questo codice. Se non ha appena provato ad aprire questo documento, ignori questa email: nessuno può firmare a suo nome senza il codice.',
  'label.signedBy': 'Firmato da',
  'label.completedAt': 'Completato',
  'label.declinedAt': 'Rifiutato',
  'sent.completed.subject': 'Completato: «{title}» è firmato da tutti',
  'sent.completed.preheader': 'Tutti i destinatari di «{title}» hanno firmato. Il PDF sigillato è pronto.',
  'sent.completed.heading': 'La sua richiesta di firma è completata',
  'sent.completed.intro':
    'Tutti hanno firmato {title}. I documenti firmati sono sigillati e pronti da scaricare.',
  'sent.declined.subject': '{decliner} ha rifiutato «{title}»',
  'sent.declined.preheader': '{decliner} ha rifiutato di firmare. La richiesta è chiusa.',
  'sent.declined.heading': 'La sua richiesta di firma è stata rifiutata',
  'sent.declined.intro': '{decliner} ha rifiutato di firmare {title}.',
  'sent.declined.closed':
    'La richiesta è chiusa e i suoi link di firma non funzionano più. Può inviarla di nuovo.',
  'sent.button': 'Apri in {product}',
  'footer.sender':
    'Riceve questa email perché ha inviato questa richiesta di firma. Può disattivare queste email nelle impostazioni.',
  'footer.outcomeAddress':
    'Riceve questa email perché questo indirizzo viene informato dell’esito di ogni richiesta di firma di {sender}.',
  'memberInvite.subject': '{sender} ti ha invitato a «{title}»',
  'memberInvite.preheader': 'Unisciti all’account su {product}. Il link è valido fino al {expires}.',
  'memberInvite.heading': 'Sei stato invitato',
  'memberInvite.intro': '{sender} ti ha invitato nell’account {product} {title}.',
  'memberInvite.button': 'Accetta l’invito',
  'memberInvite.validity':
    'Il link ti fa accedere una volta, fino al {expires}. Dopo, accedi dalla pagina di accesso con questo indirizzo email.',
  'memberInvite.ignore': 'Se non ti aspettavi questo invito, puoi ignorare questa email.',
  'memberInvite.account': 'Account',
};
