import type { EmailCatalogue } from './en.ts';

export const ja: EmailCatalogue = {
  'title.quoted': '「{title}」',
  'header.via': '{sender}（{product} 経由）',
  'greeting.named': '{name} 様',
  'greeting.anonymous': 'こんにちは。',
  sequential: 'この文書は決められた順番に、1 人ずつ署名します。',

  'label.document': '文書',
  'label.from': '送信者',
  'label.files': 'ファイル',
  'label.signBy': '署名期限',
  'label.signers': '署名者',
  'label.position': '署名の順番',
  'label.downloadUntil': 'ダウンロードリンクの有効期限',
  'label.linkFallback': 'ボタンが動作しない場合は、このリンクをブラウザーにコピーしてください:',
  'label.messageFrom': '{sender} からのメッセージ:',
  'label.declineReason': '理由:',
  'label.cancelReason': '理由:',

  'footer.sentBy': '{product} が {sender} に代わって送信しました。',
  'footer.unexpected': 'このメールに心当たりがない場合は、無視してください。',
  'footer.participant': 'この署名依頼の参加者であるため、このメールをお送りしています。',
  'footer.copied': '送信者がこの署名依頼の CC にあなたを追加したため、このメールをお送りしています。',

  'security.otp': '安全のため、リンクを開くとワンタイムコードをメールでお送りします。',
  'security.publicLink':
    'このリンクを持つ人は誰でもあなたの名前で署名できます。このメールを転送しないでください。',

  'invite.subject': '{sender} から「{title}」への署名依頼',
  'invite.preheader': '{sender} が「{title}」への署名を依頼しています。リンクの有効期限は {expires} です。',
  'invite.heading.yourTurn': '内容を確認して署名してください',
  'invite.heading.waiting': '署名を依頼されました',
  'invite.intro': '{sender} から {title} への署名依頼が届いています。',
  'invite.firstInOrder': 'あなたが最初の署名者です。あなたの署名後に次の署名者へ依頼が送られます。',
  'invite.notYourTurn.one': 'ほかの {n} 人の後に署名していただきます。順番が来たらメールでお知らせします。',
  'invite.notYourTurn.other': 'ほかの {n} 人の後に署名していただきます。順番が来たらメールでお知らせします。',
  'invite.button': '確認して署名',
  'invite.buttonWaiting': '文書を開く',

  'nextSigner.subject': '「{title}」に署名する順番です',
  'nextSigner.preheader': '{previous} が署名しました。「{title}」を確認して署名してください。',
  'nextSigner.heading': 'あなたが署名する順番です',
  'nextSigner.status': '{previous} が {title} に署名しました。次はあなたが確認して署名する番です。',

  'upcoming.subject': 'まもなく「{title}」への署名をお願いします',
  'upcoming.preheader':
    '{sender} があなたを {total} 人中 {position} 番目の署名者に追加しました。今は何もする必要はありません。',
  'upcoming.heading': 'まもなく署名の順番です',
  'upcoming.intro': '{sender} から {title} への署名を依頼されています。',
  'upcoming.place': 'あなたは {total} 人中 {position} 番目の署名者です。',
  'upcoming.noLinkYet': '今は何もする必要はありません。順番が来たら署名リンクをお送りします。',
  'upcoming.linkWaits':
    '文書は今すぐ開けます。前の署名者が署名した後に署名できます。順番が来たらメールでお知らせします。',
  'upcoming.position': '{total} 人中 {position} 番目',

  'signed.subject': '{signer} が「{title}」に署名しました',
  'signed.heading': '{signer} が署名しました',
  'signed.intro': '{signer} が {title} に署名しました。',
  'signed.last': 'これが最後の署名でした。署名済みの文書をまもなくお送りします。',
  'signed.remaining.one': '文書の完成まで、あと {n} 件の署名が必要です。',
  'signed.remaining.other': '文書の完成まで、あと {n} 件の署名が必要です。',

  'receipt.subject': '「{title}」の署名受領証',
  'receipt.preheader': '署名が完了しました。署名した内容を正確に示すこのメールを保管してください。',
  'receipt.heading': '署名が完了しました',
  'receipt.intro': '{at} に {title} に署名しました。',
  'receipt.hashes':
    '署名した各文書と、監査証跡におけるあなたの署名イベントの SHA-256 を以下に示します。署名済み PDF の証明書にも同じ値が記載されているため、誰でも照合できます。',
  'receipt.eventLabel': 'あなたの署名イベント（SHA-256）',

  'completed.subject': '完了:「{title}」に全員が署名しました',
  'completed.preheader.attached': '全員が署名しました。署名済み PDF を添付しています。',
  'completed.preheader.link': '全員が署名しました。署名済み PDF をダウンロードしてください。',
  'completed.heading': '全員が署名しました',
  'completed.intro': '{sender} が送信した {title} に、すべての署名者が署名しました。',
  'completed.attached':
    '署名済み PDF をこのメールに添付しています。記録として保管してください。こちらからもダウンロードできます:',
  'completed.notAttached': '署名済み PDF をダウンロードして保管してください:',
  'completed.attachedOnly': '署名済み PDF をこのメールに添付しています。記録として保管してください。',
  'completed.button': '署名済み PDF をダウンロード',

  'ccCopy.subject': 'CC:「{title}」（{sender}）',
  'ccCopy.preheader': '{sender} が「{title}」の CC にあなたを追加しました。署名の必要はありません。',
  'ccCopy.heading': '署名依頼の CC に追加されました',
  'ccCopy.intro':
    '{sender} が {title} を {signers} に署名のため送信し、参考としてあなたを CC に追加しました。',
  'ccCopy.nothingToDo':
    'あなたが署名する必要はありません。全員の署名が終わったら、署名済みの文書をお送りします。',

  'declined.subject': '{decliner} が「{title}」への署名を辞退しました',
  'declined.preheader': '{decliner} が署名を辞退しました。この依頼は終了しました。',
  'declined.heading': '署名が辞退されました',
  'declined.intro': '{decliner} が {title} への署名を辞退しました。',
  'declined.closed': 'この署名依頼は終了し、署名リンクは使えなくなりました。これ以上の対応は不要です。',

  'cancelled.subject': '取り消し:「{title}」',
  'cancelled.preheader': '{sender} がこの署名依頼を取り消しました。',
  'cancelled.heading': '署名依頼が取り消されました',
  'cancelled.intro': '{sender} が {title} への署名依頼を取り消しました。',
  'cancelled.closed': '署名リンクは使えなくなりました。これ以上の対応は不要です。',

  'reminder.subject': 'リマインダー:「{title}」に署名してください',
  'reminder.preheader': '{sender} があなたの署名を待っています。{left}',
  'reminder.heading': 'まだ署名が必要です',
  'reminder.intro': '{sender} があなたの {title} への署名を待っています。',
  'reminder.lessThanADay': 'この依頼は 1 日以内（{expires}）に期限切れになります。',
  'reminder.left.one': 'この依頼はあと {n} 日（{expires}）で期限切れになります。',
  'reminder.left.other': 'この依頼はあと {n} 日（{expires}）で期限切れになります。',
  'reminder.button': '確認して署名',

  'otpCode.subject': '「{title}」の確認コード',
  'otpCode.preheader.one': '{n} 分以内に使用してください。誰にも教えないでください。',
  'otpCode.preheader.other': '{n} 分以内に使用してください。誰にも教えないでください。',
  'otpCode.heading': '確認コード',
  'otpCode.intro': '{sender} からの {title} を開くには、このコードを入力してください:',
  'otpCode.validity.one':
    'コードは 1 回限り有効で、{n} 分後に失効します。失効した場合は署名ページで新しいコードを請求してください。',
  'otpCode.validity.other':
    'コードは 1 回限り有効で、{n} 分後に失効します。失効した場合は署名ページで新しいコードを請求してください。',
  'otpCode.warning':
    'このコードは誰にも教えないでください。この文書を開こうとしていない場合は、このメールを無視してください。コードがなければ誰もあなたの名前で署名できません。',
  'label.signedBy': '署名者',
  'label.completedAt': '完了日時',
  'label.declinedAt': '辞退日時',
  'sent.completed.subject': '完了:「{title}」に全員が署名しました',
  'sent.completed.preheader': '「{title}」の送信先全員が署名しました。封印済みの PDF を利用できます。',
  'sent.completed.heading': '署名依頼が完了しました',
  'sent.completed.intro': '全員が {title} に署名しました。署名済みの文書は封印され、ダウンロードできます。',
  'sent.declined.subject': '{decliner} が「{title}」を辞退しました',
  'sent.declined.preheader': '{decliner} が署名を辞退しました。この依頼は終了しました。',
  'sent.declined.heading': '署名依頼が辞退されました',
  'sent.declined.intro': '{decliner} が {title} への署名を辞退しました。',
  'sent.declined.closed': 'この依頼は終了し、署名リンクは使えなくなりました。もう一度送信できます。',
  'sent.button': '{product} で開く',
  'footer.sender':
    'この署名依頼を送信したため、このメールをお送りしています。このメールは設定で停止できます。',
  'footer.outcomeAddress':
    'このアドレスは {sender} のすべての署名依頼の結果を受け取るよう設定されているため、このメールをお送りしています。',
  'memberInvite.subject': '{sender} さんから「{title}」に招待されました',
  'memberInvite.preheader': '{product} のアカウントに参加してください。リンクの有効期限は {expires} です。',
  'memberInvite.heading': '招待が届いています',
  'memberInvite.intro': '{sender} さんが {product} のアカウント {title} にあなたを招待しました。',
  'memberInvite.button': '招待を承諾する',
  'memberInvite.validity':
    'このリンクでは {expires} まで 1 回だけサインインできます。その後はサインインページからこのメールアドレスでサインインしてください。',
  'memberInvite.ignore': 'この招待に心当たりがない場合は、このメールを無視してください。',
  'memberInvite.account': 'アカウント',
};
